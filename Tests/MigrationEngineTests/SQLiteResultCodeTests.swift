import Foundation
import SQLiteSink
import TestSupport
import Testing

@Suite struct SQLiteResultCodeTests {
    @Test func aFileThatIsNotADatabaseThrowsNotADatabaseMatchedByName() throws {
        let directory = try TemporaryDirectory()
        defer { directory.remove() }
        let url = directory.appending("not-a-database.sqlite")
        try Data(repeating: 0x5A, count: 4096).write(to: url)
        var matched = false
        do {
            _ = try SQLiteSink(path: url.path)
        } catch SQLiteResultCode.SQLITE_NOTADB {
            matched = true
        }
        #expect(matched)
    }

    @Test func aPrimaryCodeMatchesItsExtendedCodes() {
        let error = SQLiteError(
            resultCode: .SQLITE_CONSTRAINT, extendedResultCode: .SQLITE_CONSTRAINT_UNIQUE, message: "m", sql: nil)
        #expect(SQLiteResultCode.SQLITE_CONSTRAINT ~= error)
        #expect(SQLiteResultCode.SQLITE_CONSTRAINT_UNIQUE ~= error)
        #expect(!(SQLiteResultCode.SQLITE_CONSTRAINT_NOTNULL ~= error))
        #expect(!(SQLiteResultCode.SQLITE_BUSY ~= error))
        #expect(SQLiteResultCode.SQLITE_BUSY_SNAPSHOT.primaryResultCode == .SQLITE_BUSY)
        #expect(error.description == "SQLite error 2067: m")
    }
}
