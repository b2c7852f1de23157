import CSQLite

/// One open SQLite database file.
final class SQLiteConnection {
    /// How long a statement waits for another connection's lock before failing with `SQLITE_BUSY`.
    static let busyTimeoutMilliseconds: Int32 = 10_000

    let handle: OpaquePointer

    /// Opens (creating if needed) the database at `path` for reading and writing, or read-only.
    init(path: String, readOnly: Bool = false) throws {
        var db: OpaquePointer?
        let flags = readOnly ? SQLITE_OPEN_READONLY : (SQLITE_OPEN_READWRITE | SQLITE_OPEN_CREATE)
        let code = sqlite3_open_v2(path, &db, flags | SQLITE_OPEN_NOMUTEX, nil)
        // "Whether or not an error occurs when it is opened, resources associated with the database connection
        // handle should be released by passing it to sqlite3_close() when it is no longer required."
        guard code == SQLITE_OK, let db else {
            let message = db.flatMap { sqlite3_errmsg($0) }.map { String(cString: $0) } ?? "cannot open \(path)"
            sqlite3_close(db)
            throw SQLiteError(code: code, extendedCode: code, message: message, sql: nil)
        }
        handle = db
        sqlite3_extended_result_codes(db, 1)
        // Another connection (a reader of the destination, or one recovering the WAL after a crash) may hold a
        // lock for a moment; wait for it rather than failing with SQLITE_BUSY.
        sqlite3_busy_timeout(db, Self.busyTimeoutMilliseconds)
    }

    deinit {
        // Statements are finalized before the connection goes (they hold a reference to it), so close succeeds.
        sqlite3_close_v2(handle)
    }

    /// Runs one or more statements that return no rows of interest.
    func execute(_ sql: String) throws {
        try check(sqlite3_exec(handle, sql, nil, nil, nil), handle, sql: sql)
    }

    /// Prepares `sql` for repeated use.
    func prepare(_ sql: String) throws -> SQLiteStatement {
        try SQLiteStatement(connection: self, sql: sql)
    }

    /// Whether a transaction is open.
    var isInTransaction: Bool { sqlite3_get_autocommit(handle) == 0 }

    /// Whether a table named `name` exists.
    func tableExists(_ name: String) throws -> Bool {
        let statement = try prepare("SELECT 1 FROM sqlite_master WHERE type = 'table' AND name = ?")
        try statement.bind(text: name, at: 1)
        return try statement.step()
    }
}
