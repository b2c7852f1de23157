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
    /// A single-valued field: where its value goes in the record and the first result column it is read from.
    private struct SingleField {
        var index: Int
        var type: FieldType
        var linkTarget: String?
        var column: Int32
    }

    private let fieldCount: Int
    private let singles: [SingleField]
    private let main: SQLiteStatement
    private let children: [ChildRows]

    init(connection: SQLiteConnection, layout: ClassLayout) throws {
        fieldCount = layout.cls.fields.count
        var singles: [SingleField] = []
        var column: Int32 = 1
        for (index, field) in layout.cls.fields.enumerated() where field.collection == .single {
            singles.append(SingleField(index: index, type: field.type, linkTarget: field.targetClass, column: column))
            column += Int32(SQLiteValueCodec.columnShapes(for: field.type).count)
        }
        self.singles = singles
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
        var values = [MigrationValue](repeating: .null, count: fieldCount)
        for field in singles {
            values[field.index] = try SQLiteValueCodec.read(
                field.type, linkTarget: field.linkTarget, from: main, at: field.column)
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
        let isDictionary = layout.isDictionary
        let valueColumn: Int32 = isDictionary ? 2 : 1
        let type = layout.field.type
        let linkTarget = layout.field.targetClass
        while currentOwner == owner {
            let value = try SQLiteValueCodec.read(type, linkTarget: linkTarget, from: statement, at: valueColumn)
            if isDictionary {
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
