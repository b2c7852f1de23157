/// A flat key-value store holding property-list values: the Swift SDK's destination suite, or the legacy app's
/// standard defaults.
///
/// The migrator reads a store once per run through `values(forKeys:)`, and when the destination is already migrated
/// that single read is all it does. Implementations need not be thread-safe: `RudderLegacyMigrator` calls a store
/// from one thread at a time.
public protocol KeyValueStore: AnyObject {
    /// A name for the store in reports and error messages (a suite name or a file path); two stores with the same
    /// identity are the same storage, so their migrations are serialised.
    var identity: String { get }

    /// The values of `keys` that are present, read in one go.
    /// - Throws: `FileAccessError` when the storage exists but cannot be read now (`.notPermitted` defers the
    ///   migration), `RudderMigrationError.corruptStore` when it is not a property list of the expected shape.
    func values(forKeys keys: [String]) throws -> [String: PropertyListValue]

    /// Sets `values`, keeping every other key already in the store.
    func write(_ values: [String: PropertyListValue]) throws

    /// Removes `keys`, keeping every other key.
    func removeValues(forKeys keys: [String]) throws
}
