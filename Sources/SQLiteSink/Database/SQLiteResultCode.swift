// swift-format-ignore-file: AlwaysUseLowerCamelCase
// The result codes keep SQLite's own names (SQLITE_BUSY, …), as GRDB's ResultCode does.
import CSQLite

/// An SQLite result code, primary or extended, with the names SQLite gives them.
///
/// A primary code is the low eight bits of an extended one, so `SQLITE_BUSY` matches an error whose extended code
/// is `SQLITE_BUSY_SNAPSHOT`. Match a thrown error by code, as with GRDB's `ResultCode`:
///
/// ```swift
/// do {
///     try sink.begin()
/// } catch SQLiteResultCode.SQLITE_BUSY {
///     // another connection held the lock past the busy timeout
/// }
/// ```
///
/// Related SQLite documentation: <https://www.sqlite.org/rescode.html>
public struct SQLiteResultCode: RawRepresentable, Hashable, Sendable, CustomStringConvertible {
    public var rawValue: Int32

    public init(rawValue: Int32) { self.rawValue = rawValue }

    /// The primary result code: the low eight bits.
    public var primaryResultCode: SQLiteResultCode { SQLiteResultCode(rawValue: rawValue & 0xFF) }

    /// `sqlite3_errstr` text for the code, e.g. "database is locked".
    public var description: String { "\(rawValue) (\(String(cString: sqlite3_errstr(rawValue))))" }

    /// Whether `error` is an ``SQLiteError`` with this code: its extended code, or its primary code when this is one.
    public static func ~= (code: SQLiteResultCode, error: any Error) -> Bool {
        guard let error = error as? SQLiteError else { return false }
        return code == error.extendedResultCode || code == error.resultCode
    }

    // The values are fixed by SQLite's stable C interface (sqlite3.h); the names are its own, so that they read as
    // in the SQLite documentation.
    public static let SQLITE_OK = SQLiteResultCode(rawValue: 0)
    public static let SQLITE_ERROR = SQLiteResultCode(rawValue: 1)
    public static let SQLITE_INTERNAL = SQLiteResultCode(rawValue: 2)
    public static let SQLITE_PERM = SQLiteResultCode(rawValue: 3)
    public static let SQLITE_ABORT = SQLiteResultCode(rawValue: 4)
    public static let SQLITE_BUSY = SQLiteResultCode(rawValue: 5)
    public static let SQLITE_LOCKED = SQLiteResultCode(rawValue: 6)
    public static let SQLITE_NOMEM = SQLiteResultCode(rawValue: 7)
    public static let SQLITE_READONLY = SQLiteResultCode(rawValue: 8)
    public static let SQLITE_INTERRUPT = SQLiteResultCode(rawValue: 9)
    public static let SQLITE_IOERR = SQLiteResultCode(rawValue: 10)
    public static let SQLITE_CORRUPT = SQLiteResultCode(rawValue: 11)
    public static let SQLITE_NOTFOUND = SQLiteResultCode(rawValue: 12)
    public static let SQLITE_FULL = SQLiteResultCode(rawValue: 13)
    public static let SQLITE_CANTOPEN = SQLiteResultCode(rawValue: 14)
    public static let SQLITE_PROTOCOL = SQLiteResultCode(rawValue: 15)
    public static let SQLITE_EMPTY = SQLiteResultCode(rawValue: 16)
    public static let SQLITE_SCHEMA = SQLiteResultCode(rawValue: 17)
    public static let SQLITE_TOOBIG = SQLiteResultCode(rawValue: 18)
    public static let SQLITE_CONSTRAINT = SQLiteResultCode(rawValue: 19)
    public static let SQLITE_MISMATCH = SQLiteResultCode(rawValue: 20)
    public static let SQLITE_MISUSE = SQLiteResultCode(rawValue: 21)
    public static let SQLITE_NOLFS = SQLiteResultCode(rawValue: 22)
    public static let SQLITE_AUTH = SQLiteResultCode(rawValue: 23)
    public static let SQLITE_FORMAT = SQLiteResultCode(rawValue: 24)
    public static let SQLITE_RANGE = SQLiteResultCode(rawValue: 25)
    public static let SQLITE_NOTADB = SQLiteResultCode(rawValue: 26)
    public static let SQLITE_NOTICE = SQLiteResultCode(rawValue: 27)
    public static let SQLITE_WARNING = SQLiteResultCode(rawValue: 28)
    public static let SQLITE_ROW = SQLiteResultCode(rawValue: 100)
    public static let SQLITE_DONE = SQLiteResultCode(rawValue: 101)
    // Extended codes a migration meets.
    public static let SQLITE_BUSY_RECOVERY = SQLiteResultCode(rawValue: 5 | (1 << 8))
    public static let SQLITE_BUSY_SNAPSHOT = SQLiteResultCode(rawValue: 5 | (2 << 8))
    public static let SQLITE_BUSY_TIMEOUT = SQLiteResultCode(rawValue: 5 | (3 << 8))
    public static let SQLITE_IOERR_SHORT_READ = SQLiteResultCode(rawValue: 10 | (2 << 8))
    public static let SQLITE_IOERR_WRITE = SQLiteResultCode(rawValue: 10 | (3 << 8))
    public static let SQLITE_IOERR_FSYNC = SQLiteResultCode(rawValue: 10 | (4 << 8))
    public static let SQLITE_CONSTRAINT_NOTNULL = SQLiteResultCode(rawValue: 19 | (5 << 8))
    public static let SQLITE_CONSTRAINT_PRIMARYKEY = SQLiteResultCode(rawValue: 19 | (6 << 8))
    public static let SQLITE_CONSTRAINT_FOREIGNKEY = SQLiteResultCode(rawValue: 19 | (3 << 8))
    public static let SQLITE_CONSTRAINT_UNIQUE = SQLiteResultCode(rawValue: 19 | (8 << 8))
}
