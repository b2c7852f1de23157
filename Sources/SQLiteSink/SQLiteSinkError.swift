/// Why the SQLite destination refused or failed, beyond SQLite's own errors (``SQLiteError``, which always carries
/// SQLite's result code; these have none).
public enum SQLiteSinkError: Error, Sendable, Hashable, CustomStringConvertible {
    /// Two classes or fields map to the same table or column name.
    case nameCollision(String)
    /// A value that the field's mapping cannot hold.
    case unsupportedValue(field: String, reason: String)
    /// The destination holds bytes the mapping never writes.
    case corruptDestination(reason: String, sql: String)

    public var description: String {
        switch self {
        case .nameCollision(let name): "Two parts of the schema map to the same SQLite name '\(name)'."
        case .unsupportedValue(let field, let reason): "Cannot store \(reason) in \(field)."
        case .corruptDestination(let reason, let sql): "Unexpected destination content: \(reason) (reading: \(sql))."
        }
    }
}
