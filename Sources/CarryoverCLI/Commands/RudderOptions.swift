import Foundation
import RudderMigration

/// The options of the `rudder` commands, each declared once, read and checked; and the migrator they describe.
struct RudderOptions {
    static let container = Option<String>.required("--container", "DIR", "The app's data container (holds Library/).")
    static let bundleID = fileNameOption(
        "--bundle-id", "ID", "The app's bundle identifier (names Library/Preferences/<ID>.plist).",
        absence: .required
    ) { $0 }
    static let platform = Option<LegacyLocation.Platform>.choice(
        "--platform", "ios|tvos", "Where the legacy plist lives: Library/ or Library/Caches/ (default: ios).",
        default: .iOS)
    static let source = Option<RudderLegacySDK.Selection>.choice(
        "--source", "v1|v2|auto",
        "Legacy SDK line: v1 (Obj-C), v2 (v2.x), or auto: decided from the keys (default: auto).",
        default: .auto)
    static let anonymousID = Option<String?>(
        "--anonymous-id", "ID",
        "v2: the device's identifierForVendor, the v2 SDK's anonymous id (DIR does not hold it).",
        absence: .defaultValue(nil)
    ) { value in
        guard !value.isEmpty else { throw UsageError("'\(value)' is not a valid value for '--anonymous-id'.") }
        return value
    }
    static let clock = Option<SwiftSDKClock>.choice(
        "--swift-sdk-clock", "since-1970|uptime",
        "Swift SDK 1.2+ (default) or 1.0-1.1 (uptime: last_activity_time is skipped off the device).",
        default: .since1970)
    static let common = [container.spec, bundleID.spec, platform.spec]
    /// Which legacy data is read and how it is planned; listed after the write key.
    static let sourceOptions = [source.spec, anonymousID.spec, clock.spec]
    /// `rudder migrate`'s write key: it names the destination suite.
    static let writeKey = writeKeyOption(
        "The Swift SDK source's write key (names the destination suite).", absence: .required)
    /// `rudder inspect`'s write key: only decides whether the suite is checked too.
    static let checkedWriteKey = writeKeyOption(
        "Also check the Swift SDK suite <ID>.analytics.<KEY>.plist.", absence: .defaultValue(nil))
    static let json = Flag("--json", "Print the report as JSON.")
    static let removeLegacy = Flag(
        "--remove-legacy", "Remove the legacy plist and legacy keys after the destination verified.")
    static let overwriteDestination = Flag(
        "--overwrite-destination", "Migrate even if the Swift SDK already wrote an anonymous_id.")

    var container: URL
    var bundleID: String
    var writeKey: String?
    var platform: LegacyLocation.Platform
    var source: RudderLegacySDK.Selection
    var anonymousID: String?
    var clock: SwiftSDKClock
    var json: Bool

    /// Reads the options in the order their mistakes are reported.
    init(_ arguments: ParsedArguments, writeKey: Option<String?>) throws {
        bundleID = try arguments.value(of: Self.bundleID)
        self.writeKey = try arguments.value(of: writeKey)
        platform = try arguments.value(of: Self.platform)
        source = try arguments.value(of: Self.source)
        anonymousID = try arguments.value(of: Self.anonymousID)
        if source == .v1, anonymousID != nil {
            throw UsageError("'--anonymous-id' applies to v2 data; it cannot be used with '--source v1'.")
        }
        clock = try arguments.value(of: Self.clock)
        json = arguments[Self.json]
        let path = try arguments.value(of: Self.container)
        var isFolder: ObjCBool = false
        guard FileManager.default.fileExists(atPath: path, isDirectory: &isFolder), isFolder.boolValue else {
            throw ContainerError(path: path)
        }
        container = URL(fileURLWithPath: path, isDirectory: true)
    }

    /// `--write-key KEY`, with the help and absence of one command.
    private static func writeKeyOption(_ help: String, absence: Option<String?>.Absence) -> Option<String?> {
        fileNameOption("--write-key", "KEY", help, absence: absence) { $0 }
    }

    /// An option whose value becomes part of a file name (bundle ids, write keys): empty values, `.`, `..` and path
    /// separators are usage errors.
    private static func fileNameOption<Value>(
        _ name: String, _ placeholder: String, _ help: String, absence: Option<Value>.Absence,
        _ wrap: @escaping @Sendable (String) -> Value
    ) -> Option<Value> {
        Option(name, placeholder, help, absence: absence) { value in
            guard !value.isEmpty, !value.contains("/"), value != ".", value != ".." else {
                throw UsageError("'\(value)' is not a valid value for '\(name)'.")
            }
            return wrap(value)
        }
    }

    /// The migrator the options describe. Off the device its uptime is unknown, so the uptime clock skips
    /// `last_activity_time`.
    func migrator(migrationOptions: RudderMigrationOptions) -> RudderLegacyMigrator {
        var migrationOptions = migrationOptions
        migrationOptions.swiftSDKClock = clock
        let destination: any KeyValueStore
        if let writeKey {
            destination = PropertyListFileStore(
                url: LegacyLocation.destinationURL(container: container, bundleIdentifier: bundleID, writeKey: writeKey)
            )
        } else {
            destination = InMemoryKeyValueStore(identity: "(not checked: no \(Self.writeKey.spec.name))")
        }
        return RudderLegacyMigrator(
            legacyPlistURL: LegacyLocation.plistURL(
                library: container.appendingPathComponent("Library"), platform: platform),
            legacyStandardDefaults: PropertyListFileStore(
                url: LegacyLocation.standardDefaultsURL(container: container, bundleIdentifier: bundleID)),
            destination: destination, source: source,
            v2DeviceID: anonymousID.map(RudderV2DeviceID.known)
                ?? .unknown(reason: "pass the device's identifierForVendor with \(Self.anonymousID.spec.name)"),
            options: migrationOptions, systemUptime: { nil })
    }

    func print(_ report: RudderMigrationReport, to console: Console) throws {
        console.output.write(json ? try report.jsonString() + "\n" : report.text)
    }
}

private struct ContainerError: Error, CustomStringConvertible {
    var path: String
    var description: String { "'\(path)' is not a folder (expected an app's data container)." }
}
