internal import CSQLite

/// SQLite's `SQLITE_TRANSIENT`: SQLite copies bound bytes before the bind call returns.
nonisolated(unsafe) let sqliteTransient = unsafeBitCast(-1, to: sqlite3_destructor_type.self)

/// One open SQLite database.
final class SQLiteConnection {
    let handle: OpaquePointer
    private var statements: [String: SQLiteStatement] = [:]

    /// Opens (creating if needed) the database at `path` (`:memory:` for an in-memory one).
    init(path: String) throws {
        _ = StoreFaultPoint.armed
        var db: OpaquePointer?
        let code = sqlite3_open_v2(path, &db, SQLITE_OPEN_READWRITE | SQLITE_OPEN_CREATE | SQLITE_OPEN_NOMUTEX, nil)
        // "Whether or not an error occurs when it is opened, resources associated with the database connection
        // handle should be released by passing it to sqlite3_close() when it is no longer required."
        guard code == SQLITE_OK, let db else {
            let message = db.flatMap { sqlite3_errmsg($0) }.map { String(cString: $0) } ?? "cannot open \(path)"
            sqlite3_close(db)
            throw SwiftDataError.store(message: message, sql: nil, code: code)
        }
        handle = db
        sqlite3_extended_result_codes(db, 1)
        sqlite3_busy_timeout(db, 10_000)
    }

    deinit {
        statements.removeAll()
        sqlite3_close_v2(handle)
    }

    func execute(_ sql: String) throws {
        try check(sqlite3_exec(handle, sql, nil, nil, nil), sql: sql)
    }

    /// A cached prepared statement for `sql`, reset and ready to bind.
    func cached(_ sql: String) throws -> SQLiteStatement {
        if let statement = statements[sql] {
            statement.reset()
            return statement
        }
        let statement = try SQLiteStatement(connection: self, sql: sql)
        statements[sql] = statement
        return statement
    }

    /// A prepared statement for `sql`: the cached one when `cached`, otherwise one of its own, finalized when
    /// released (for SQL that is rarely run twice, such as `IN` lists of varying length).
    func statement(_ sql: String, cached: Bool) throws -> SQLiteStatement {
        cached ? try self.cached(sql) : try SQLiteStatement(connection: self, sql: sql)
    }

    func check(_ code: Int32, sql: String?, alsoAccepted: Int32 = SQLITE_OK) throws {
        guard code != SQLITE_OK, code != alsoAccepted else { return }
        let message = String(cString: sqlite3_errmsg(handle))
        let extended = sqlite3_extended_errcode(handle)
        throw SwiftDataError.store(message: "\(message) (code \(extended))", sql: sql, code: extended)
    }

    var lastChanges: Int { Int(sqlite3_changes(handle)) }
}

/// A prepared statement: bind, step, read. Finalized when released.
final class SQLiteStatement {
    let handle: OpaquePointer
    let sql: String
    private unowned let connection: SQLiteConnection
    /// Whether the statement has stepped since it was prepared or reset (an execution is counted once).
    private var isRunning = false

    init(connection: SQLiteConnection, sql: String) throws {
        var statement: OpaquePointer?
        try connection.check(
            sqlite3_prepare_v3(connection.handle, sql, -1, UInt32(SQLITE_PREPARE_PERSISTENT), &statement, nil), sql: sql
        )
        guard let statement else { throw SwiftDataError.store(message: "empty statement", sql: sql) }
        self.handle = statement
        self.sql = sql
        self.connection = connection
    }

    deinit { sqlite3_finalize(handle) }

    func reset() {
        isRunning = false
        sqlite3_reset(handle)
        sqlite3_clear_bindings(handle)
    }

    /// Steps once: `true` when a row is available.
    func step() throws -> Bool {
        if !isRunning {
            isRunning = true
            SwiftDataRuntimeStatistics.statementRun()
        }
        let code = sqlite3_step(handle)
        if code == SQLITE_ROW { return true }
        try connection.check(code, sql: sql, alsoAccepted: SQLITE_DONE)
        return false
    }

    /// Steps to completion.
    func run() throws {
        while try step() {}
    }

    func bind(_ values: [SQLValue]) throws {
        for (offset, value) in values.enumerated() { try bind(value, at: Int32(offset + 1)) }
    }

    func bind(_ value: SQLValue, at index: Int32) throws {
        let code: Int32
        switch value {
        case .null: code = sqlite3_bind_null(handle, index)
        case .integer(let number): code = sqlite3_bind_int64(handle, index, number)
        case .real(let number): code = sqlite3_bind_double(handle, index, number)
        case .text(let text):
            var text = text
            code = text.withUTF8 { buffer in
                guard let base = buffer.baseAddress else {
                    return sqlite3_bind_text(handle, index, "", 0, sqliteTransient)
                }
                let pointer = UnsafeRawPointer(base).assumingMemoryBound(to: CChar.self)
                return sqlite3_bind_text64(
                    handle, index, pointer, UInt64(buffer.count), sqliteTransient, UInt8(SQLITE_UTF8))
            }
        case .blob(let bytes):
            code = bytes.withUnsafeBytes { buffer in
                guard let base = buffer.baseAddress, buffer.count > 0 else {
                    return sqlite3_bind_zeroblob(handle, index, 0)
                }
                return sqlite3_bind_blob64(handle, index, base, UInt64(buffer.count), sqliteTransient)
            }
        }
        try connection.check(code, sql: sql)
    }

    /// Column `index` (0-based) of the current row.
    func value(at index: Int32) -> SQLValue {
        switch sqlite3_column_type(handle, index) {
        case SQLITE_INTEGER: return .integer(sqlite3_column_int64(handle, index))
        case SQLITE_FLOAT: return .real(sqlite3_column_double(handle, index))
        case SQLITE_TEXT:
            guard let pointer = sqlite3_column_text(handle, index) else { return .text("") }
            let count = Int(sqlite3_column_bytes(handle, index))
            return .text(String(decoding: UnsafeBufferPointer(start: pointer, count: count), as: UTF8.self))
        case SQLITE_BLOB:
            guard let pointer = sqlite3_column_blob(handle, index) else { return .blob([]) }
            let count = Int(sqlite3_column_bytes(handle, index))
            return .blob(Array(UnsafeRawBufferPointer(start: pointer, count: count)))
        default: return .null
        }
    }

    func int(at index: Int32) -> Int64 { sqlite3_column_int64(handle, index) }
    func isNull(at index: Int32) -> Bool { sqlite3_column_type(handle, index) == SQLITE_NULL }
}
