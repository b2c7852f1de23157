import RealmSchema

extension SchemaChange {
    /// Every change from the schema a file holds to the schema of the app's models, in the order realm-core lists
    /// them: added classes first, then each class's property changes (by class name; the file's properties in their
    /// order, then added ones, then the primary key), then changes of a class's kind. Linking-objects properties
    /// are computed and never compared; classes only in the file are not changes.
    public static func changes(from file: Schema, to app: Schema) -> [SchemaChange] {
        let fileClasses = Dictionary(file.objectTypes.map { ($0.name, $0) }, uniquingKeysWith: { first, _ in first })
        let appClasses = app.objectTypes.sorted { $0.name < $1.name }
        var changes: [SchemaChange] = appClasses.filter { fileClasses[$0.name] == nil }.map { .addedClass($0.name) }
        for target in appClasses {
            guard let existing = fileClasses[target.name] else { continue }
            changes += propertyChanges(from: existing, to: target)
        }
        for target in appClasses {
            if let existing = fileClasses[target.name], existing.kind != target.kind {
                changes.append(.changedClassKind(className: target.name, from: existing.kind, to: target.kind))
            }
        }
        return changes
    }

    private static func propertyChanges(from existing: ObjectSchema, to target: ObjectSchema) -> [SchemaChange] {
        let cls = target.name
        var changes: [SchemaChange] = []
        let targetProperties = target.properties.filter { $0.type != .linkingObjects }
        let existingProperties = existing.properties.filter { $0.type != .linkingObjects }
        for current in existingProperties {
            guard let wanted = targetProperties.first(where: { $0.name == current.name }) else {
                changes.append(.removedProperty(className: cls, property: current.name))
                continue
            }
            if current.type != wanted.type || current.collection != wanted.collection
                || current.objectClassName != wanted.objectClassName
            {
                changes.append(
                    .changedPropertyType(
                        className: cls, property: wanted.name, from: current.realmTypeName,
                        to: wanted.realmTypeName))
                continue
            }
            if current.isNullableColumn != wanted.isNullableColumn {
                changes.append(
                    current.isNullableColumn
                        ? .madeRequired(className: cls, property: current.name)
                        : .madeOptional(className: cls, property: current.name))
            }
            let wantsIndex = wanted.isIndexed || wanted.name == target.primaryKey
            let hasIndex = current.isIndexed || current.name == existing.primaryKey
            if wantsIndex && !hasIndex { changes.append(.addedIndex(className: cls, property: current.name)) }
            if !wantsIndex && hasIndex { changes.append(.removedIndex(className: cls, property: current.name)) }
        }
        for wanted in targetProperties where !existingProperties.contains(where: { $0.name == wanted.name }) {
            changes.append(.addedProperty(className: cls, property: wanted.name))
        }
        if existing.primaryKey != target.primaryKey {
            changes.append(.changedPrimaryKey(className: cls, from: existing.primaryKey, to: target.primaryKey))
        }
        return changes
    }
}

extension Property {
    /// Whether realm-core's column is nullable. A to-one link is always nullable, and a list or set of links never
    /// is, a mixed value always is, whatever the model says; for other types it is the property's optionality.
    var isNullableColumn: Bool {
        if type == .mixed { return true }
        guard type == .object, objectClassName != nil else { return isOptional }
        return collection == .single || collection == .dictionary
    }

    /// realm-core's `Property::type_string()`: `int`, `<Dog>`, `array<string>`, `dictionary<string, Dog>`.
    var realmTypeName: String {
        let element: String
        switch type {
        case .int: element = "int"
        case .bool: element = "bool"
        case .float: element = "float"
        case .double: element = "double"
        case .string: element = "string"
        case .data: element = "data"
        case .date: element = "date"
        case .decimal128: element = "decimal"
        case .objectId: element = "object id"
        case .uuid: element = "uuid"
        case .mixed: element = "mixed"
        case .object: element = objectClassName ?? "object"
        case .linkingObjects: return "linking objects<\(objectClassName ?? "")>"
        }
        switch collection {
        case .single: return type == .object ? "<\(element)>" : element
        case .list: return "array<\(element)>"
        case .set: return "set<\(element)>"
        case .dictionary: return "dictionary<string, \(element)>"
        }
    }
}
