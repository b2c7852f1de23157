/// The key of an object within its table (`ObjKey` in the engine). Negative keys other than -1 are tombstones
/// (unresolved links); see `isUnresolved`.
public struct ObjectKey: RawRepresentable, Hashable, Comparable, Sendable, CustomStringConvertible {
    public var rawValue: Int64
    public init(rawValue: Int64) { self.rawValue = rawValue }
    public init(_ rawValue: Int64) { self.rawValue = rawValue }

    /// Whether this key names a tombstone (an object deleted while links to it remained unresolved).
    public var isUnresolved: Bool { rawValue < -1 }

    public static func < (lhs: ObjectKey, rhs: ObjectKey) -> Bool { lhs.rawValue < rhs.rawValue }
    public var description: String { String(rawValue) }
}

/// The key of a table within the file (`TableKey` in the engine).
public struct TableKey: RawRepresentable, Hashable, Sendable, CustomStringConvertible {
    public var rawValue: UInt32
    public init(rawValue: UInt32) { self.rawValue = rawValue }
    public init(_ rawValue: UInt32) { self.rawValue = rawValue }
    public var description: String { String(rawValue) }
}

/// A link to one object: its table and its key. Used for links, typed links and links inside mixed values.
public struct ObjectLink: Hashable, Sendable {
    public var table: TableKey
    public var key: ObjectKey
    public init(table: TableKey, key: ObjectKey) {
        self.table = table
        self.key = key
    }
}
