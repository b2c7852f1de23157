import Foundation
import MigrationEngine

/// Where every class and field of a schema lives in the SQLite destination: table and column names, the DDL that
/// creates them and the statements that fill and read them. See `docs/sqlite-schema.md`.
struct SQLiteLayout {
    /// The table of engine bookkeeping: the source fingerprint and the schema.
    static let sourceTable = "_carryover_source"
    /// The table holding the one checkpoint row.
    static let checkpointTable = "_carryover_checkpoint"
    /// The version of this mapping, recorded in the destination.
    static let mappingVersion = 1

    var classes: [ClassLayout]

    init(schema: MigrationSchema) throws {
        classes = schema.classes.map(ClassLayout.init)
        var names = Set([Self.sourceTable, Self.checkpointTable])
        for table in classes.flatMap(\.tableNames) where !names.insert(table).inserted {
            throw SQLiteSinkError.nameCollision(table)
        }
        for layout in classes {
            var columns = Set(["_key"])
            for column in layout.mainColumns where !columns.insert(column.name).inserted {
                throw SQLiteSinkError.nameCollision("\(layout.table).\(column.name)")
            }
        }
    }

    /// Every statement that creates the destination's tables (not their indexes: see ``indexCreationSQL``).
    var tableCreationSQL: [String] {
        var sql = [
            "CREATE TABLE \(quoted(Self.sourceTable)) (id INTEGER PRIMARY KEY CHECK (id = 1), fingerprint TEXT NOT NULL, schema TEXT NOT NULL, mapping_version INTEGER NOT NULL)",
            "CREATE TABLE \(quoted(Self.checkpointTable)) (id INTEGER PRIMARY KEY CHECK (id = 1), phase INTEGER NOT NULL, class_index INTEGER NOT NULL, class_name TEXT, last_key INTEGER, class_objects_done INTEGER NOT NULL, phase_objects_done INTEGER NOT NULL, batches_committed INTEGER NOT NULL)",
        ]
        for layout in classes { sql += layout.tableCreationSQL }
        return sql
    }

    /// Every statement that creates the destination's indexes. They are created when the copy finishes, in its last
    /// transaction: built by one sort each instead of by inserts in key order, which would rewrite an index on link
    /// targets, whose entries arrive in random order, in every batch.
    var indexCreationSQL: [String] { classes.flatMap(\.indexCreationSQL) }
}

/// A column definition: name and everything after it in `CREATE TABLE`.
struct ColumnDefinition {
    var name: String
    var declaration: String
}

/// The tables of one class: its main table and one child table per collection field.
struct ClassLayout {
    let cls: ClassDescription
    let table: String
    /// Indices of single-valued fields written in the attribute phase (columns of the main table).
    let attributeFields: [Int]
    /// Indices of single-valued fields written in the relationship phase (links and mixed values).
    let relationshipFields: [Int]
    let collections: [CollectionLayout]

    init(_ cls: ClassDescription) {
        self.cls = cls
        table = cls.name
        attributeFields = cls.fields.indices.filter {
            cls.fields[$0].collection == .single && !cls.fields[$0].isRelationship
        }
        relationshipFields = cls.fields.indices.filter {
            cls.fields[$0].collection == .single && cls.fields[$0].isRelationship
        }
        collections = cls.fields.indices.filter { cls.fields[$0].collection != .single }.map {
            CollectionLayout(owner: cls.name, fieldIndex: $0, field: cls.fields[$0])
        }
    }

    var tableNames: [String] { [table] + collections.map(\.table) }

    /// Columns of the main table after `_key`, in field order.
    var mainColumns: [ColumnDefinition] {
        cls.fields.filter { $0.collection == .single }.flatMap { field in
            valueColumns(
                for: field, named: field.name,
                notNull: !field.isOptional && !field.isRelationship && field.type != .mixed)
        }
    }

    var tableCreationSQL: [String] {
        let columns = ["\"_key\" INTEGER PRIMARY KEY"] + mainColumns.map { "\(quoted($0.name)) \($0.declaration)" }
        return ["CREATE TABLE \(quoted(table)) (\(columns.joined(separator: ", ")))"]
            + collections.map(\.tableCreationSQL)
    }

    /// The primary key's `UNIQUE` index, an index per indexed property, and each link list's index on its targets.
    var indexCreationSQL: [String] {
        var sql: [String] = []
        for field in cls.fields where field.collection == .single && (field.isIndexed || field.name == cls.primaryKey) {
            let unique = field.name == cls.primaryKey ? "UNIQUE " : ""
            let indexed = SQLiteValueCodec.columnShapes(for: field.type).map { quoted(field.name + $0.suffix) }
            sql.append(
                "CREATE \(unique)INDEX IF NOT EXISTS \(quoted("\(table).\(field.name)")) ON \(quoted(table)) (\(indexed.joined(separator: ", ")))"
            )
        }
        return sql + collections.compactMap(\.indexCreationSQL)
    }

    /// `INSERT` of `_key` and the attribute fields.
    var insertSQL: String {
        let names = ["_key"] + attributeFields.flatMap { columnNames(of: cls.fields[$0]) }
        return
            "INSERT INTO \(quoted(table)) (\(names.map(quoted).joined(separator: ", "))) VALUES (\(placeholders(names.count)))"
    }

    /// `UPDATE` of the single relationship fields by `_key` (the key is the last parameter); `nil` when none.
    var updateSQL: String? {
        guard !relationshipFields.isEmpty else { return nil }
        let names = relationshipFields.flatMap { columnNames(of: cls.fields[$0]) }
        return
            "UPDATE \(quoted(table)) SET \(names.map { "\(quoted($0)) = ?" }.joined(separator: ", ")) WHERE \"_key\" = ?"
    }

    /// `SELECT` of `_key` and every single-valued field, in key order.
    var selectSQL: String {
        let names = ["_key"] + cls.fields.filter { $0.collection == .single }.flatMap(columnNames)
        return "SELECT \(names.map(quoted).joined(separator: ", ")) FROM \(quoted(table)) ORDER BY \"_key\""
    }

    private func columnNames(of field: FieldDescription) -> [String] {
        SQLiteValueCodec.columnShapes(for: field.type).map { field.name + $0.suffix }
    }
}

/// The child table of one collection field: one row per element, with the owner's key and the element's position.
struct CollectionLayout {
    let fieldIndex: Int
    let field: FieldDescription
    let owner: String
    let table: String

    init(owner: String, fieldIndex: Int, field: FieldDescription) {
        self.owner = owner
        self.fieldIndex = fieldIndex
        self.field = field
        self.table = "\(owner)__\(field.name)"
    }

    var isDictionary: Bool { field.collection == .dictionary }

    var tableCreationSQL: String {
        var columns = [
            "\"owner\" INTEGER NOT NULL REFERENCES \(quoted(owner)) (\"_key\")", "\"position\" INTEGER NOT NULL",
        ]
        if isDictionary { columns.append("\"key\" TEXT NOT NULL") }
        let notNull = !field.isOptional && field.type != .link && field.type != .mixed
        columns += valueColumns(for: field, named: "value", notNull: notNull).map {
            "\(quoted($0.name)) \($0.declaration)"
        }
        columns.append("PRIMARY KEY (\"owner\", \"position\")")
        return "CREATE TABLE \(quoted(table)) (\(columns.joined(separator: ", "))) WITHOUT ROWID"
    }

    /// The index on the link targets of a link collection; `nil` for other collections.
    var indexCreationSQL: String? {
        guard field.type == .link else { return nil }
        return "CREATE INDEX IF NOT EXISTS \(quoted("\(table).value")) ON \(quoted(table)) (\"value\")"
    }

    var insertSQL: String {
        let names =
            ["owner", "position"] + (isDictionary ? ["key"] : [])
            + SQLiteValueCodec.columnShapes(for: field.type).map { "value" + $0.suffix }
        return
            "INSERT INTO \(quoted(table)) (\(names.map(quoted).joined(separator: ", "))) VALUES (\(placeholders(names.count)))"
    }

    var selectSQL: String {
        let names =
            ["owner"] + (isDictionary ? ["key"] : [])
            + SQLiteValueCodec.columnShapes(for: field.type).map { "value" + $0.suffix }
        return
            "SELECT \(names.map(quoted).joined(separator: ", ")) FROM \(quoted(table)) ORDER BY \"owner\", \"position\""
    }
}

/// The column definitions holding a value of `field`'s type under the name `name`.
private func valueColumns(for field: FieldDescription, named name: String, notNull: Bool) -> [ColumnDefinition] {
    SQLiteValueCodec.columnShapes(for: field.type).map { shape in
        var declaration = shape.declaredType
        if notNull { declaration += " NOT NULL" }
        if field.type == .link, let target = field.targetClass, shape.suffix.isEmpty {
            declaration += " REFERENCES \(quoted(target)) (\"_key\")"
        }
        return ColumnDefinition(
            name: name + shape.suffix, declaration: declaration.trimmingCharacters(in: .whitespaces))
    }
}

/// `name` as an SQL identifier, double-quoted with inner quotes doubled.
func quoted(_ name: String) -> String {
    "\"" + name.replacingOccurrences(of: "\"", with: "\"\"") + "\""
}

private func placeholders(_ count: Int) -> String {
    Array(repeating: "?", count: count).joined(separator: ", ")
}
