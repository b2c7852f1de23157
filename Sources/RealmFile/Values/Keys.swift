/// The key of an object within its table (`ObjKey` in the engine). Negative keys other than -1 are tombstones
/// (unresolved links); see `isUnresolved`.
public struct StoredObjectKey: RawRepresentable, Hashable, Comparable, Sendable, CustomStringConvertible {
    /// The key as stored.
    public var rawValue: Int64
    /// Wraps a stored key.
    public init(rawValue: Int64) { self.rawValue = rawValue }
    /// Wraps a stored key.
    public init(_ rawValue: Int64) { self.rawValue = rawValue }

    /// Whether this key names a tombstone (an object deleted while links to it remained unresolved).
    public var isUnresolved: Bool { rawValue < -1 }

    /// Key order, the order objects are stored and iterated in.
    public static func < (lhs: StoredObjectKey, rhs: StoredObjectKey) -> Bool { lhs.rawValue < rhs.rawValue }
    /// The key in decimal.
    public var description: String { String(rawValue) }
}

/// The key of a table within the file (`TableKey` in the engine).
public struct StoredTableKey: RawRepresentable, Hashable, Sendable, CustomStringConvertible {
    /// The key as stored.
    public var rawValue: UInt32
    /// Wraps a stored key.
    public init(rawValue: UInt32) { self.rawValue = rawValue }
    /// Wraps a stored key.
    public init(_ rawValue: UInt32) { self.rawValue = rawValue }
    /// The key in decimal.
    public var description: String { String(rawValue) }
}

/// A link to one object: its table and its key. Used for links, typed links and links inside mixed values.
public struct StoredObjectLink: Hashable, Sendable {
    /// The table the linked object lives in.
    public var table: StoredTableKey
    /// The linked object's key in that table.
    public var key: StoredObjectKey
    /// Creates a link.
    public init(table: StoredTableKey, key: StoredObjectKey) {
        self.table = table
        self.key = key
    }
}
