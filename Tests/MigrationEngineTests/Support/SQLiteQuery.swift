import Foundation

@testable import SQLiteSink

/// Runs a query on a database file directly and returns every row as text, NULL as "NULL", blobs as hex —
/// the way a user with the `sqlite3` shell would see the destination.
func queryRows(_ path: String, _ sql: String) throws -> [[String]] {
    let connection = try SQLiteConnection(path: path, readOnly: true)
    let statement = try connection.prepare(sql)
    var rows: [[String]] = []
    let columns = sqlite3ColumnCount(statement)
    while try statement.step() {
        rows.append(
            (0..<columns).map { column in
                switch statement.columnType(column) {
                case 5: "NULL"
                case 4: "x'" + statement.blob(at: column).map { String(format: "%02x", $0) }.joined() + "'"
                default: statement.text(at: column)
                }
            })
    }
    return rows
}

/// Runs statements on a database file directly, behind the sink's back.
func executeSQL(_ path: String, _ sql: String) throws {
    try SQLiteConnection(path: path).execute(sql)
}

/// Opens another connection to `path`, takes the write lock (`BEGIN IMMEDIATE`) and releases it after `seconds`
/// on a background thread; returns once the lock is held.
func holdWriteLock(_ path: String, for seconds: Double) throws {
    let holder = LockHolder(connection: try SQLiteConnection(path: path))
    try holder.connection.execute("PRAGMA journal_mode = WAL; BEGIN IMMEDIATE")
    DispatchQueue.global().asyncAfter(deadline: .now() + seconds) { holder.release() }
}

/// A connection handed to the thread that releases its lock; nothing else touches it meanwhile.
private final class LockHolder: @unchecked Sendable {
    let connection: SQLiteConnection
    init(connection: SQLiteConnection) { self.connection = connection }
    func release() { try? connection.execute("COMMIT") }
}
