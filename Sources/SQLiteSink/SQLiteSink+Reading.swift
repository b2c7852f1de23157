import CSQLite
import MigrationEngine

extension SQLiteSink {
    public func objectCount(of cls: ClassDescription) throws -> Int {
        let statement = try connection.prepare(
            "SELECT count(*) FROM \(quoted(try classStatements(for: cls).layout.table))")
        guard try statement.step() else { return 0 }
        return Int(clamping: statement.int(at: 0))
    }

    public func records(of cls: ClassDescription) throws -> any RecordCursor {
        try SQLiteRecordCursor(connection: connection, layout: try classStatements(for: cls).layout)
    }
}

/// Reads the objects of one class back: the main table in key order, merged with each child table in
/// (owner, position) order.
final class SQLiteRecordCursor: RecordCursor {
    private let layout: ClassLayout
    private let main: SQLiteStatement
    private let children: [ChildRows]

    init(connection: SQLiteConnection, layout: ClassLayout) throws {
        self.layout = layout
        main = try connection.prepare(layout.selectSQL)
        children = try layout.collections.map { try ChildRows(layout: $0, statement: connection.prepare($0.selectSQL)) }
    }

    func next() throws -> MigrationRecord? {
        guard try main.step() else {
            for child in children {
                if let owner = child.currentOwner {
                    throw SQLiteSinkError.corruptDestination(
                        reason: "an element of missing owner \(owner)", sql: child.statement.sql)
                }
            }
            return nil
        }
        let key = main.int(at: 0)
        let cls = layout.cls
        var values = [MigrationValue](repeating: .null, count: cls.fields.count)
        var column: Int32 = 1
        for (index, field) in cls.fields.enumerated() where field.collection == .single {
            values[index] = try SQLiteValueCodec.read(field.type, linkTarget: field.targetClass, from: main, at: column)
            column += Int32(SQLiteValueCodec.columnShapes(for: field.type).count)
        }
        for child in children {
            values[child.layout.fieldIndex] = try child.collection(of: key)
        }
        return MigrationRecord(key: key, values: values)
    }
}

/// The rows of one child table, consumed owner by owner.
private final class ChildRows {
    let layout: CollectionLayout
    let statement: SQLiteStatement
    private(set) var currentOwner: Int64?

    init(layout: CollectionLayout, statement: SQLiteStatement) throws {
        self.layout = layout
        self.statement = statement
        currentOwner = try statement.step() ? statement.int(at: 0) : nil
    }

    /// The collection value of `owner`: its rows, which must come next.
    func collection(of owner: Int64) throws -> MigrationValue {
        if let currentOwner, currentOwner < owner {
            throw SQLiteSinkError.corruptDestination(
                reason: "an element of missing owner \(currentOwner)", sql: statement.sql)
        }
        var items: [MigrationValue] = []
        var entries: [MigrationDictionaryEntry] = []
        let valueColumn: Int32 = layout.isDictionary ? 2 : 1
        while currentOwner == owner {
            let value = try SQLiteValueCodec.read(
                layout.field.type, linkTarget: layout.field.targetClass, from: statement, at: valueColumn)
            if layout.isDictionary {
                entries.append(MigrationDictionaryEntry(key: statement.text(at: 1), value: value))
            } else {
                items.append(value)
            }
            currentOwner = try statement.step() ? statement.int(at: 0) : nil
        }
        switch layout.field.collection {
        case .set: return .set(items)
        case .dictionary: return .dictionary(entries)
        case .list, .single: return .list(items)
        }
    }
}
