import CSQLite

@testable import SQLiteSink

/// The number of result columns of a prepared statement.
func sqlite3ColumnCount(_ statement: SQLiteStatement) -> Int32 { sqlite3_column_count(statement.handle) }
