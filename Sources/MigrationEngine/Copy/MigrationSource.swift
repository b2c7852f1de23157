/// Where a migration reads from: a schema, counts, and objects in a stable order with stable identities.
///
/// A source is read-only: nothing the engine does may change it.
public protocol MigrationSource: AnyObject {
    /// The classes to copy, in the order they are copied.
    func schema() throws -> MigrationSchema
    /// A fingerprint of the source's content (for a file, a hash of its bytes). A destination records it and
    /// refuses to be continued from a source with another fingerprint.
    func fingerprint() throws -> String
    /// The number of objects of `cls`.
    func objectCount(of cls: ClassDescription) throws -> Int
    /// The objects of `cls` whose key is greater than `key` (all objects when `key` is `nil`),
    /// in ascending key order.
    func records(of cls: ClassDescription, after key: Int64?) throws -> any RecordCursor
}

/// A forward-only sequence of records in ascending key order.
public protocol RecordCursor: AnyObject {
    /// The next record, or `nil` after the last one.
    func next() throws -> MigrationRecord?
    /// Whether another thread may advance this cursor, one thread at a time, while the thread that created it leaves
    /// the source alone: reading touches nothing bound to the creating thread (such as a SwiftData context) and no
    /// state that other objects in use share. ``Verifier`` then reads the source ahead on a thread of its own while
    /// it reads the destination. `false` unless the cursor says otherwise.
    var isDetachable: Bool { get }
}

extension RecordCursor {
    /// `false`: the cursor stays on the thread that created it.
    public var isDetachable: Bool { false }
}

/// A source that can also read one object by its key, out of order (e.g. an embedded object where its parent links
/// to it).
public protocol KeyedMigrationSource: MigrationSource {
    /// The record of the object of `cls` with `key`, or `nil` when the class has none with that key.
    func record(of cls: ClassDescription, key: Int64) throws -> MigrationRecord?
}
