import CSQLite

/// An error reported by SQLite: the result code, SQLite's message and the statement that failed.
public struct SQLiteError: Error, Sendable, Hashable, CustomStringConvertible {
    /// The primary result code (`SQLITE_BUSY`, `SQLITE_CONSTRAINT`, …).
    public var code: Int32
    /// The extended result code, which says more precisely what failed.
    public var extendedCode: Int32
    /// `sqlite3_errmsg` text, or a description of the misuse.
    public var message: String
    /// The SQL being run, if any. Bound values are never recorded (they are user data).
    public var sql: String?

    public var description: String {
        var text = "SQLite error \(extendedCode): \(message)"
        if let sql { text += " (while running: \(sql))" }
        return text
    }
}

/// Turns a result code into an error unless it is `SQLITE_OK` or `alsoAccepted`.
@inline(__always)
func check(_ code: Int32, _ db: OpaquePointer?, sql: String?, alsoAccepted: Int32 = SQLITE_OK) throws {
    guard code != SQLITE_OK, code != alsoAccepted else { return }
    let message = db.flatMap { sqlite3_errmsg($0) }.map { String(cString: $0) } ?? String(cString: sqlite3_errstr(code))
    throw SQLiteError(
        code: code & 0xFF, extendedCode: db.map { sqlite3_extended_errcode($0) } ?? code, message: message, sql: sql)
}

/// Tells SQLite to copy bound text and blobs before `sqlite3_bind_*` returns, so Swift buffers may go away.
let sqliteTransient = unsafeBitCast(-1, to: sqlite3_destructor_type.self)
