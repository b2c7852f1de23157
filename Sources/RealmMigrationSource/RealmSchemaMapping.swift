import MigrationEngine
import RealmFile
import RealmSchema

/// Why a Realm file cannot be mapped onto the engine's model.
public enum RealmMigrationSourceError: Error, Sendable, Hashable, CustomStringConvertible {
    /// A link or backlink column names a table the file does not have.
    case unknownTable(table: String, column: String)
    /// An object's values do not line up with its table's columns.
    case malformedObject(table: String, key: Int64, reason: String)
    /// The engine asked for a class the file does not hold.
    case unknownClass(String)

    public var description: String {
        switch self {
        case .unknownTable(let table, let column): "Column \(table).\(column) points to a table the file does not have."
        case .malformedObject(let table, let key, let reason): "Object \(key) of \(table): \(reason)."
        case .unknownClass(let name): "The file has no class \(name)."
        }
    }
}

/// How the tables of a Realm file map onto the engine's classes and fields.
struct RealmSchemaMapping {
    let schema: MigrationSchema
    let classNamesByTable: [TableKey: String]
    private let classes: [String: RealmClassMapping]

    /// Tables that hold Realm's own bookkeeping rather than user objects.
    static let internalTables: Set<String> = ["metadata", "pk"]

    /// Whether `table` holds user objects: a `class_` table (what the Realm SDKs write), or a table written through
    /// realm-core directly (no prefix), except Realm's bookkeeping tables and sync's `!`-prefixed ones.
    static func holdsUserObjects(_ table: Table) -> Bool {
        table.className != nil || !(internalTables.contains(table.name) || table.name.hasPrefix("!"))
    }

    init(realm: RealmFile) throws {
        let classTables = realm.tables.filter(Self.holdsUserObjects)
        var names: [TableKey: String] = [:]
        for table in realm.tables { names[table.key] = table.className ?? table.name }
        classNamesByTable = names
        var mappings: [String: RealmClassMapping] = [:]
        var descriptions: [ClassDescription] = []
        for table in classTables {
            let mapping = try RealmClassMapping(table: table, realm: realm, classNames: names)
            mappings[mapping.description.name] = mapping
            descriptions.append(mapping.description)
        }
        classes = mappings
        schema = MigrationSchema(classes: descriptions)
    }

    func classMapping(named name: String) throws -> RealmClassMapping {
        guard let mapping = classes[name] else { throw RealmMigrationSourceError.unknownClass(name) }
        return mapping
    }
}

/// One class table: which columns become fields, and which backlink columns record incoming links.
struct RealmClassMapping {
    let table: Table
    let description: ClassDescription
    /// Column indices of the fields, aligned with `description.fields`.
    let fieldColumns: [Int]
    /// Backlink column indices with the origin class and field they mirror.
    let backlinks: [(column: Int, originClass: String, originField: String)]

    init(table: Table, realm: RealmFile, classNames: [TableKey: String]) throws {
        self.table = table
        var fields: [FieldDescription] = []
        var fieldColumns: [Int] = []
        var backlinks: [(Int, String, String)] = []
        for (index, column) in table.columns.enumerated() {
            if column.type == .backlink {
                guard let originKey = column.targetTable, let origin = realm.table(for: originKey),
                    let originColumn = origin.columns.first(where: { $0.key == column.originColumnKey })
                else { throw RealmMigrationSourceError.unknownTable(table: table.name, column: column.name) }
                backlinks.append((index, origin.className ?? origin.name, originColumn.name))
                continue
            }
            var target: String?
            if column.type == .link {
                guard let targetKey = column.targetTable, let name = classNames[targetKey] else {
                    throw RealmMigrationSourceError.unknownTable(table: table.name, column: column.name)
                }
                target = name
            }
            fields.append(
                FieldDescription(
                    name: column.name, type: Self.fieldType(column.type),
                    collection: Self.collection(column.collection),
                    isOptional: column.isNullable, isIndexed: column.isIndexed, targetClass: target))
            fieldColumns.append(index)
        }
        self.fieldColumns = fieldColumns
        self.backlinks = backlinks
        description = ClassDescription(
            name: table.className ?? table.name, isEmbedded: table.kind == .embedded,
            primaryKey: table.primaryKeyColumnIndex.flatMap {
                table.columns.indices.contains($0) ? table.columns[$0].name : nil
            },
            fields: fields)
    }

    func record(from object: Object, converter: RealmValueConverter) throws -> MigrationRecord {
        guard object.values.count == table.columns.count else {
            throw RealmMigrationSourceError.malformedObject(
                table: table.name, key: object.key.rawValue,
                reason: "\(object.values.count) values for \(table.columns.count) columns")
        }
        var values: [MigrationValue] = []
        values.reserveCapacity(fieldColumns.count)
        for (field, column) in zip(description.fields, fieldColumns) {
            values.append(try converter.convert(object.values[column], collection: field.collection))
        }
        var incoming: [IncomingLinks] = []
        for backlink in backlinks {
            guard case .list(let links) = object.values[backlink.column] else { continue }
            let keys = links.compactMap { value -> Int64? in
                if case .link(let link) = value { link.key.rawValue } else { nil }
            }
            if !keys.isEmpty {
                incoming.append(
                    IncomingLinks(
                        originClass: backlink.originClass, originField: backlink.originField, originKeys: keys))
            }
        }
        return MigrationRecord(key: object.key.rawValue, values: values, incomingLinks: incoming)
    }

    private static func fieldType(_ type: Column.ValueType) -> FieldType {
        switch type {
        case .int: .int
        case .bool: .bool
        case .string: .string
        case .binary: .data
        case .mixed, .typedLink: .mixed
        case .timestamp: .date
        case .float: .float
        case .double: .double
        case .decimal128: .decimal128
        case .objectId: .objectId
        case .uuid: .uuid
        case .link, .backlink: .link
        }
    }

    private static func collection(_ kind: RealmSchema.CollectionKind) -> FieldCollection {
        switch kind {
        case .single: .single
        case .list: .list
        case .set: .set
        case .dictionary: .dictionary
        }
    }
}
