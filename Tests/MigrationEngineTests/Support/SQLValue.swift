import Foundation

@testable import SQLiteSink

/// One column value as SQLite stores it.
enum SQLValue: Equatable {
    case null
    case integer(Int64)
    case real(Double)
    case text(String)
    case blob([UInt8])
}

/// Runs a query on a database file directly and returns every row with SQLite's own storage classes.
func queryValues(_ path: String, _ sql: String) throws -> [[SQLValue]] {
    let connection = try SQLiteConnection(path: path, readOnly: true)
    let statement = try connection.prepare(sql)
    let columns = sqlite3ColumnCount(statement)
    var rows: [[SQLValue]] = []
    while try statement.step() {
        rows.append(
            (0..<columns).map { column in
                switch statement.columnType(column) {
                case 1: .integer(statement.int(at: column))
                case 2: .real(statement.double(at: column))
                case 3: .text(statement.text(at: column))
                case 4: .blob(statement.blob(at: column))
                default: .null
                }
            })
    }
    return rows
}
