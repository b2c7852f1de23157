import RealmFile

/// What the exporters read: the engine-level tables of a Realm file and their objects.
/// `RealmFileReader` provides it; tests may provide small hand-built sources.
public protocol ExportSource {
    /// The file format the data was read from (decides which engine upgrade steps the current engine applies).
    var fileFormat: Int { get }
    /// Every table in the engine's table order, including internal and embedded tables.
    var tables: [StoredTable] { get }
    /// The table with `key`, if any.
    func table(for key: StoredTableKey) -> StoredTable?
    /// Calls `body` with each object of `table`, in object-key order. Backlink columns may read as empty lists: no
    /// export prints them.
    func forEachObject(in table: StoredTable, _ body: (StoredObject) throws -> Void) throws
    /// The object with `key` in `table` (a tombstone for an unresolved key, when the source keeps them), if any.
    func object(_ key: StoredObjectKey, in table: StoredTable) throws -> StoredObject?
    /// Calls `body` with the key and primary key of each object of `table`, in object-key order; nothing for a table
    /// without a primary key. Reading the one column is cheaper than reading whole objects.
    func forEachPrimaryKey(in table: StoredTable, _ body: (StoredObjectKey, StoredValue) -> Void) throws
}

/// Why an export stopped.
public enum ExportError: Error, Equatable, CustomStringConvertible {
    /// The caller asked for a class the file does not have.
    case unknownClass(String)
    /// A link points at an object that does not exist (the engine's `KeyNotFound`).
    case missingLinkTarget(table: String, key: Int64, from: String, column: String)
    /// A link points into a table that does not exist.
    case missingTable(key: UInt32, from: String, column: String)
    /// Writing the output failed.
    case writeFailed(String)

    public var description: String {
        switch self {
        case .unknownClass(let name): "The file has no class named '\(name)'."
        case .missingLinkTarget(let table, let key, let from, let column):
            "No object with key \(key) in '\(table)' (linked from \(from).\(column))."
        case .missingTable(let key, let from, let column):
            "No table with key \(key) (linked from \(from).\(column))."
        case .writeFailed(let reason): "Writing the export failed: \(reason)"
        }
    }
}

extension StoredTable {
    /// The name the engine's JSON printer uses for a table: the stored name without a `class_` prefix.
    var printedName: String { className ?? name }
}
