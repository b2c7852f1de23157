import Foundation

/// A `KeyValueStore` over a `UserDefaults` domain: the Swift SDK's suite inside a running app, or
/// `UserDefaults.standard` as the legacy SDK's second source.
///
/// `UserDefaults` answers "no value" both when a key is absent and when its backing file cannot be read yet (before
/// the device's first unlock). Give `backingFile` (the domain's `Library/Preferences/<name>.plist`) and the store
/// first checks that the file, if it exists, can be opened, and throws `FileAccessError.notPermitted` if not.
public final class UserDefaultsStore: KeyValueStore {
    private let defaults: UserDefaults?
    private let name: String
    private let backingFile: URL?
    private let fileAccess: any FileAccess

    /// Creates a store over `defaults`.
    /// - Parameters:
    ///   - defaults: The domain, e.g. `UserDefaults.standard`.
    ///   - name: The store's name in reports.
    ///   - backingFile: The domain's property-list file, checked for readability before each read.
    ///   - fileAccess: How the backing file is checked.
    public init(
        defaults: UserDefaults, name: String, backingFile: URL? = nil, fileAccess: any FileAccess = SystemFileAccess()
    ) {
        self.defaults = defaults
        self.name = name
        self.backingFile = backingFile
        self.fileAccess = fileAccess
    }

    /// Creates a store over the suite `suiteName` (the Swift SDK uses `<bundle-id>.analytics.<write-key>`).
    /// An invalid suite name (for example the app's own bundle identifier) makes every call throw.
    public init(suiteName: String, backingFile: URL? = nil, fileAccess: any FileAccess = SystemFileAccess()) {
        self.defaults = UserDefaults(suiteName: suiteName)
        self.name = suiteName
        self.backingFile = backingFile
        self.fileAccess = fileAccess
    }

    public var identity: String { "defaults:\(name)" }

    public func values(forKeys keys: [String]) throws -> [String: PropertyListValue] {
        let defaults = try available()
        if let backingFile {
            // Opening is the check; the contents are read through `UserDefaults` below.
            _ = try fileAccess.contents(of: backingFile)
        }
        var values: [String: PropertyListValue] = [:]
        for key in keys {
            guard let object = defaults.object(forKey: key) else { continue }
            values[key] = PropertyListValue(foundationObject: object)
        }
        return values
    }

    public func write(_ values: [String: PropertyListValue]) throws {
        let defaults = try available()
        for (key, value) in values { defaults.set(value.foundationObject, forKey: key) }
    }

    public func removeValues(forKeys keys: [String]) throws {
        let defaults = try available()
        for key in keys { defaults.removeObject(forKey: key) }
    }

    private func available() throws -> UserDefaults {
        guard let defaults else {
            throw RudderMigrationError.destinationUnavailable(
                reason: "'\(name)' is not a valid UserDefaults suite name")
        }
        return defaults
    }
}
