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

/// The engine's view of a Realm file: the reader's neutral classes (`RealmFileReader.objectSchema(of:)`, the one mapping
/// from tables to classes) as engine classes and fields.
struct RealmSchemaMapping {
    let schema: MigrationSchema
    let classNamesByTable: [StoredTableKey: String]
    private let classes: [String: RealmClassMapping]

    init(realm: RealmFileReader) throws {
        var names: [StoredTableKey: String] = [:]
        for table in realm.tables { names[table.key] = realm.objectSchema(of: table).name }
        classNamesByTable = names
        var mappings: [String: RealmClassMapping] = [:]
        var descriptions: [ClassDescription] = []
        for table in realm.objectTables {
            let mapping = try RealmClassMapping(table: table, objectSchema: realm.objectSchema(of: table))
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
    let table: StoredTable
    let description: ClassDescription
    /// Column indices of the fields, aligned with `description.fields`.
    let fieldColumns: [Int]
    /// Backlink column indices with the origin class and field they mirror.
    let backlinks: [(column: Int, originClass: String, originField: String)]

    /// Maps the neutral class of `table`, whose properties are aligned with the table's columns.
    init(table: StoredTable, objectSchema: ObjectSchema) throws {
        self.table = table
        var fields: [FieldDescription] = []
        var fieldColumns: [Int] = []
        var backlinks: [(Int, String, String)] = []
        for (index, (column, property)) in zip(table.columns, objectSchema.properties).enumerated() {
            if property.type == .linkingObjects {
                guard let originClass = property.objectClassName, let originField = property.linkOriginPropertyName
                else { throw RealmMigrationSourceError.unknownTable(table: table.name, column: column.name) }
                backlinks.append((index, originClass, originField))
                continue
            }
            if property.type == .object, property.objectClassName == nil, column.type == .link {
                throw RealmMigrationSourceError.unknownTable(table: table.name, column: column.name)
            }
            fields.append(FieldDescription(realmProperty: property))
            fieldColumns.append(index)
        }
        self.fieldColumns = fieldColumns
        self.backlinks = backlinks
        description = ClassDescription(realmClass: objectSchema, fields: fields)
    }

    func record(from object: StoredObject, converter: RealmValueConverter) throws -> MigrationRecord {
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
}

extension ClassDescription {
    /// The engine's class for a neutral Realm class: its persisted properties as fields, in order (linking-objects
    /// properties are computed, not stored, and left out), unless `fields` are given.
    public init(realmClass objectSchema: ObjectSchema, fields: [FieldDescription]? = nil) {
        self.init(
            name: objectSchema.name, isEmbedded: objectSchema.kind == .embedded, primaryKey: objectSchema.primaryKey,
            fields: fields
                ?? objectSchema.properties.filter { $0.type != .linkingObjects }.map(
                    FieldDescription.init(realmProperty:)))
    }
}

extension FieldDescription {
    /// The engine's field for a stored property of a neutral Realm class.
    public init(realmProperty property: Property) {
        self.init(
            name: property.name, type: Self.fieldType(property), collection: Self.collection(property.collection),
            isOptional: property.isOptional, isIndexed: property.isIndexed, targetClass: property.objectClassName)
    }

    /// A link to a class is a link field; a typed link (an object of any class) is a mixed field, whose values
    /// carry their class.
    fileprivate static func fieldType(_ property: Property) -> FieldType {
        switch property.type {
        case .int: .int
        case .bool: .bool
        case .string: .string
        case .data: .data
        case .mixed: .mixed
        case .date: .date
        case .float: .float
        case .double: .double
        case .decimal128: .decimal128
        case .objectId: .objectId
        case .uuid: .uuid
        case .object: property.objectClassName == nil ? .mixed : .link
        case .linkingObjects: .link
        }
    }

    fileprivate static func collection(_ kind: RealmSchema.CollectionKind) -> FieldCollection {
        switch kind {
        case .single: .single
        case .list: .list
        case .set: .set
        case .dictionary: .dictionary
        }
    }
}
