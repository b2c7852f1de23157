import Foundation

/// A `KeyValueStore` kept in a property-list file: the on-disk form of a `UserDefaults` domain
/// (`Library/Preferences/<suite>.plist`), used by the command-line tool on a copied app container.
///
/// Reads accept binary and XML property lists. Every change rewrites the whole file as a binary property list
/// atomically (temporary file, then rename), keeping every key it does not change exactly as it was.
public final class PropertyListFileStore: KeyValueStore {
    /// The file.
    public let url: URL
    private let fileAccess: any FileAccess

    /// Creates a store kept in the property-list file at `url` (which need not exist yet).
    /// - Parameters:
    ///   - url: The `.plist` file.
    ///   - fileAccess: How files are read and written; tests inject failures here.
    public init(url: URL, fileAccess: any FileAccess = SystemFileAccess()) {
        self.url = url
        self.fileAccess = fileAccess
    }

    public var identity: String { url.standardizedFileURL.path }

    public func values(forKeys keys: [String]) throws -> [String: PropertyListValue] {
        let root = try readRoot()
        var values: [String: PropertyListValue] = [:]
        for key in keys {
            guard let object = root[key] else { continue }
            values[key] = PropertyListValue(foundationObject: object)
        }
        return values
    }

    public func write(_ values: [String: PropertyListValue]) throws {
        guard !values.isEmpty else { return }
        var root = try readRoot()
        for (key, value) in values { root[key] = value.foundationObject }
        try writeRoot(root)
    }

    public func removeValues(forKeys keys: [String]) throws {
        var root = try readRoot()
        let before = root.count
        for key in keys { root[key] = nil }
        guard root.count != before else { return }
        try writeRoot(root)
    }

    /// The file's top-level dictionary as Foundation objects (so that keys this store does not touch are written back
    /// unchanged); empty when there is no file.
    private func readRoot() throws -> [String: Any] {
        guard let data = try fileAccess.contents(of: url) else { return [:] }
        return try Self.decodeRoot(data, path: url.path)
    }

    private func writeRoot(_ root: [String: Any]) throws {
        let data: Data
        do {
            data = try PropertyListSerialization.data(fromPropertyList: root, format: .binary, options: 0)
        } catch {
            throw RudderMigrationError.cannotEncode(path: url.path, reason: error.localizedDescription)
        }
        try fileAccess.writeAtomically(data, to: url)
    }

    /// Parses `data` as a property list whose top level is a dictionary with string keys.
    /// - Throws: `RudderMigrationError.corruptStore` otherwise.
    static func decodeRoot(_ data: Data, path: String) throws -> [String: Any] {
        if let reason = BinaryPropertyListPreflight.rejection(of: data) {
            throw RudderMigrationError.corruptStore(path: path, reason: reason)
        }
        let object: Any
        do {
            object = try PropertyListSerialization.propertyList(from: data, options: [], format: nil)
        } catch {
            throw RudderMigrationError.corruptStore(path: path, reason: "not a property list (\(data.count) bytes)")
        }
        guard let root = object as? [String: Any] else {
            throw RudderMigrationError.corruptStore(path: path, reason: "the top level is not a dictionary")
        }
        return root
    }
}
