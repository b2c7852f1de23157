import CSQLite

/// An error reported by SQLite: the result code, SQLite's message and the statement that failed.
///
/// Match it by code with ``SQLiteResultCode``'s `~=`: `catch SQLiteResultCode.SQLITE_BUSY`.
///
/// The module's other error, ``SQLiteSinkError``, is the mapping's own refusals (a name collision, a value the
/// mapping cannot hold, destination bytes it never writes): SQLite reported nothing, so there is no result code to
/// give. The two stay apart so that every `SQLiteError` has a real code and message from SQLite.
public struct SQLiteError: Error, Sendable, Hashable, CustomStringConvertible {
    /// The primary result code (`.SQLITE_BUSY`, `.SQLITE_CONSTRAINT`, …).
    public var resultCode: SQLiteResultCode
    /// The extended result code, which says more precisely what failed (`.SQLITE_CONSTRAINT_UNIQUE`, …).
    public var extendedResultCode: SQLiteResultCode
    /// `sqlite3_errmsg` text, or a description of the misuse.
    public var message: String
    /// The SQL being run, if any. Bound values are never recorded (they are user data).
    public var sql: String?

    public init(
        resultCode: SQLiteResultCode, extendedResultCode: SQLiteResultCode, message: String, sql: String? = nil
    ) {
        self.resultCode = resultCode
        self.extendedResultCode = extendedResultCode
        self.message = message
        self.sql = sql
    }

    public var description: String {
        var text = "SQLite error \(extendedResultCode.rawValue): \(message)"
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
        code: code, extendedCode: db.map { sqlite3_extended_errcode($0) } ?? code, message: message, sql: sql)
}

extension SQLiteError {
    /// An error with SQLite's codes as `sqlite3_*` returns them; the primary code is taken from `code`.
    init(code: Int32, extendedCode: Int32, message: String, sql: String?) {
        self.init(
            resultCode: SQLiteResultCode(rawValue: code).primaryResultCode,
            extendedResultCode: SQLiteResultCode(rawValue: extendedCode), message: message, sql: sql)
    }
}

/// Tells SQLite to copy bound text and blobs before `sqlite3_bind_*` returns, so Swift buffers may go away.
let sqliteTransient = unsafeBitCast(-1, to: sqlite3_destructor_type.self)
