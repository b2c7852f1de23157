import CSQLite
import Foundation

/// A prepared statement, kept and reused: bind, step, reset. Finalized when released.
final class SQLiteStatement {
    let handle: OpaquePointer
    let sql: String
    private let connection: SQLiteConnection

    init(connection: SQLiteConnection, sql: String) throws {
        var statement: OpaquePointer?
        try check(
            sqlite3_prepare_v3(connection.handle, sql, -1, UInt32(SQLITE_PREPARE_PERSISTENT), &statement, nil),
            connection.handle, sql: sql)
        guard let statement else {
            throw SQLiteError(code: SQLITE_MISUSE, extendedCode: SQLITE_MISUSE, message: "empty statement", sql: sql)
        }
        self.handle = statement
        self.sql = sql
        self.connection = connection
    }

    deinit { sqlite3_finalize(handle) }

    /// Steps once. Returns `true` when a row is available, `false` when the statement is done.
    @discardableResult
    func step() throws -> Bool {
        let code = sqlite3_step(handle)
        if code == SQLITE_ROW { return true }
        try check(code, connection.handle, sql: sql, alsoAccepted: SQLITE_DONE)
        return false
    }

    /// Resets for another run and clears bindings.
    func reset() {
        sqlite3_reset(handle)
        sqlite3_clear_bindings(handle)
    }

    /// Steps to completion, then resets.
    func run() throws {
        defer { reset() }
        while try step() {}
    }

    // MARK: Binding (indices are 1-based, as in SQLite)

    func bindNull(at index: Int32) throws {
        try check(sqlite3_bind_null(handle, index), connection.handle, sql: sql)
    }

    func bind(int value: Int64, at index: Int32) throws {
        try check(sqlite3_bind_int64(handle, index, value), connection.handle, sql: sql)
    }

    func bind(double value: Double, at index: Int32) throws {
        try check(sqlite3_bind_double(handle, index, value), connection.handle, sql: sql)
    }

    func bind(text value: String, at index: Int32) throws {
        var value = value
        let code: Int32 = value.withUTF8 { buffer in
            // A null pointer would bind NULL, so an empty string binds a literal empty C string.
            guard let base = buffer.baseAddress else { return sqlite3_bind_text(handle, index, "", 0, sqliteTransient) }
            let text = UnsafeRawPointer(base).assumingMemoryBound(to: CChar.self)
            return sqlite3_bind_text64(handle, index, text, UInt64(buffer.count), sqliteTransient, UInt8(SQLITE_UTF8))
        }
        try check(code, connection.handle, sql: sql)
    }

    func bind<Bytes: ContiguousBytes>(blob value: Bytes, at index: Int32) throws {
        let code = value.withUnsafeBytes { buffer -> Int32 in
            guard let base = buffer.baseAddress, buffer.count > 0 else {
                return sqlite3_bind_zeroblob(handle, index, 0)
            }
            return sqlite3_bind_blob64(handle, index, base, UInt64(buffer.count), sqliteTransient)
        }
        try check(code, connection.handle, sql: sql)
    }

    // MARK: Reading the current row (indices are 0-based, as in SQLite)

    func columnType(_ index: Int32) -> Int32 { sqlite3_column_type(handle, index) }

    func int(at index: Int32) -> Int64 { sqlite3_column_int64(handle, index) }

    func double(at index: Int32) -> Double { sqlite3_column_double(handle, index) }

    func text(at index: Int32) -> String {
        guard let pointer = sqlite3_column_text(handle, index) else { return "" }
        let count = Int(sqlite3_column_bytes(handle, index))
        return String(decoding: UnsafeBufferPointer(start: pointer, count: count), as: UTF8.self)
    }

    func blob(at index: Int32) -> [UInt8] {
        guard let pointer = sqlite3_column_blob(handle, index) else { return [] }
        let count = Int(sqlite3_column_bytes(handle, index))
        return Array(UnsafeRawBufferPointer(start: pointer, count: count))
    }
}
