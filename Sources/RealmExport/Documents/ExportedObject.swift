import RealmFile

/// What an exporter reads of one object: a decoded `StoredObject`, or a `StoredRow` read in place (whose strings
/// can be written straight from the file's bytes).
protocol ExportedObject {
    var key: StoredObjectKey { get }
    /// The number of columns whose values can be read.
    var columnCount: Int { get }
    func value(at column: Int) throws -> StoredValue
    /// Calls `body` with the stored bytes of a string column's value (`nil` for null) and returns `true`; `false`
    /// when the value is to be read with `value(at:)`.
    func withStringBytes(at column: Int, _ body: (UnsafeRawBufferPointer?) -> Void) throws -> Bool
}

extension StoredObject: ExportedObject {
    var columnCount: Int { values.count }

    func value(at column: Int) -> StoredValue { values[column] }

    func withStringBytes(at column: Int, _ body: (UnsafeRawBufferPointer?) -> Void) -> Bool { false }
}

extension StoredRow: ExportedObject {}
