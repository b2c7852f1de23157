/// One object of a table read in place, without decoding it whole: each value is decoded when asked for, and a
/// string can be read as the bytes stored in the file, without making a `String`. Valid until the cursor that
/// returned it (``StoredObjectCursor/nextRow()``) is advanced again.
public struct StoredRow {
    let cluster: ClusterReader?
    let row: Int
    /// Formats 2–9: the object, read whole.
    let object: StoredObject?
    /// The object's key in its table.
    public let key: StoredObjectKey

    init(cluster: ClusterReader, row: Int, key: StoredObjectKey) {
        self.cluster = cluster
        self.row = row
        self.object = nil
        self.key = key
    }

    /// A row of a format 2–9 table, whose values are read whole.
    init(object: StoredObject) {
        self.cluster = nil
        self.row = 0
        self.object = object
        self.key = object.key
    }

    /// The number of columns, as in ``StoredObject/values``.
    public var columnCount: Int { cluster?.columnCount ?? object?.values.count ?? 0 }

    /// The value of column `column`, as ``StoredObject/values`` holds it.
    /// - Throws: `RealmFileError` when the value is corrupt.
    public func value(at column: Int) throws(RealmFileError) -> StoredValue {
        if let cluster { return try cluster.value(column: column, row: row) }
        guard let values = object?.values, values.indices.contains(column) else { return .null }
        return values[column]
    }

    /// Calls `body` with the UTF-8 bytes of the string in column `column` as the file stores them (not repaired
    /// when invalid), or `nil` for null, and returns `true`; returns `false` without calling `body` when the column
    /// is not a string column or the string is not stored in one piece (read it with ``value(at:)`` then).
    /// - Throws: `RealmFileError` when the string's place in the file is corrupt.
    public func withStringBytes(at column: Int, _ body: (UnsafeRawBufferPointer?) -> Void) throws(RealmFileError)
        -> Bool
    {
        try cluster?.withStringBytes(column: column, row: row, body) ?? false
    }
}
