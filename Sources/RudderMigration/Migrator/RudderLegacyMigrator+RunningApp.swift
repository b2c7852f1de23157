import Foundation

extension RudderLegacyMigrator {
    /// Creates a migrator for the running app: the legacy plist in its Library folder (tvOS: `Library/Caches`),
    /// `UserDefaults.standard`, and the Swift SDK's suite `<bundle-id>.analytics.<writeKey>`. For v2 data it reads the
    /// device's `identifierForVendor` (see ``RudderV2DeviceID/current``): create it on the main thread.
    ///
    /// Call it before `Analytics(configuration:)`, with the same write key.
    /// - Parameters:
    ///   - writeKey: The Swift SDK source's write key (it names the SDK's suite).
    ///   - source: Which legacy SDK line to read; `.auto` (the default) decides from the keys present.
    ///   - options: Overwrite, legacy-removal and Swift SDK clock choices (off, off, Swift SDK 1.2.0 and later).
    public convenience init(
        writeKey: String, source: RudderLegacySDK.Selection = .auto,
        options: RudderMigrationOptions = RudderMigrationOptions()
    ) {
        let fileAccess = SystemFileAccess()
        let bundleIdentifier = Bundle.main.bundleIdentifier
        let library =
            FileManager.default.urls(for: .libraryDirectory, in: .userDomainMask).first
            ?? URL(fileURLWithPath: NSHomeDirectory()).appendingPathComponent("Library")
        let preferences = library.appendingPathComponent("Preferences")
        let standardDefaults = UserDefaultsStore(
            defaults: .standard, name: "standard",
            backingFile: bundleIdentifier.map { preferences.appendingPathComponent("\($0).plist") },
            fileAccess: fileAccess)
        let destination: any KeyValueStore
        if let bundleIdentifier {
            destination = UserDefaultsStore(
                suiteName: Self.suiteName(bundleIdentifier: bundleIdentifier, writeKey: writeKey))
        } else {
            destination = UnavailableStore(reason: "the running process has no bundle identifier")
        }
        self.init(
            legacyPlistURL: LegacyLocation.plistURL(library: library, platform: .current),
            legacyStandardDefaults: standardDefaults, destination: destination, source: source,
            v2DeviceID: .current, options: options, fileAccess: fileAccess)
    }

    /// The Swift SDK's `UserDefaults` suite name for an app and write key: `<bundle-id>.analytics.<writeKey>`.
    public static func suiteName(bundleIdentifier: String, writeKey: String) -> String {
        "\(bundleIdentifier).analytics.\(writeKey)"
    }
}

/// A destination that cannot be used; every call throws `destinationUnavailable`.
private final class UnavailableStore: KeyValueStore {
    let reason: String
    init(reason: String) { self.reason = reason }
    var identity: String { "unavailable" }
    func values(forKeys keys: [String]) throws -> [String: PropertyListValue] {
        throw RudderMigrationError.destinationUnavailable(reason: reason)
    }
    func write(_ values: [String: PropertyListValue]) throws {
        throw RudderMigrationError.destinationUnavailable(reason: reason)
    }
    func removeValues(forKeys keys: [String]) throws {
        throw RudderMigrationError.destinationUnavailable(reason: reason)
    }
}
