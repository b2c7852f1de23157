import RealmSchema

/// The Swift names of generated types: renamed or prefix-stripped model classes, enums nested in them, and the
/// entry models of maps and lists of links.
struct Naming {
    /// Realm class name → generated type name.
    let classNames: [String: String]
    /// `RealmClass.property` of a map of links → the generated entry model's name.
    let linkMapEntries: [String: String]
    /// `RealmClass.property` of a list of links → the generated entry model's name.
    let listEntries: [String: String]

    init(schema: ModelSchema, options: CodegenOptions, report: inout ConversionReport) {
        var names: [String: String] = [:]
        for object in schema.objectTypes {
            var name = object.name
            if let renamed = options.renames[object.name] {
                name = renamed
            } else if let prefix = options.stripPrefix, !prefix.isEmpty, object.name.hasPrefix(prefix) {
                let rest = String(object.name.dropFirst(prefix.count))
                if let first = rest.first, first.isUppercase || first == "_" { name = rest }
            }
            names[object.name] = name
        }
        // Two classes must not end up with one name; keep the Realm names of those that would.
        let grouped = Dictionary(grouping: names.keys, by: { names[$0] ?? $0 })
        for (name, realmNames) in grouped where realmNames.count > 1 {
            for realmName in realmNames.sorted() {
                names[realmName] = realmName
                report.human(
                    .input, realmName, "renaming would give several classes the name '\(name)'; the Realm name is kept",
                    nil)
            }
        }
        // A class named like a type the generated code uses (`Date`, `Data`, `Schema`, …) would shadow it.
        for realmName in names.keys.sorted() {
            guard let name = names[realmName], Self.typesTheGeneratedCodeUses.contains(name) else { continue }
            var candidate = name + "Object"
            var counter = 2
            while names.values.contains(candidate) || Self.typesTheGeneratedCodeUses.contains(candidate) {
                candidate = name + "Object\(counter)"
                counter += 1
            }
            names[realmName] = candidate
            report.human(
                .input, realmName,
                "'\(name)' is a type the generated code uses (Swift, Foundation or SwiftData); the class is named "
                    + "'\(candidate)' (pass --rename \(realmName)=NAME to choose another)",
                nil)
        }
        classNames = names
        var taken = Set(names.values).union(Self.typesTheGeneratedCodeUses)
        taken.formUnion((schema.enumTypes ?? []).map(\.name))
        var entries: [String: String] = [:]
        var lists: [String: String] = [:]
        for object in schema.objectTypes {
            for property in object.properties {
                let isList: Bool
                switch PropertyRole(property, of: object, in: schema) {
                case .linkMap: isList = false
                case .list: isList = true
                default: continue
                }
                let base = (names[object.name] ?? object.name) + property.name.uppercasingFirst + "Entry"
                var candidate = base
                var counter = 2
                while taken.contains(candidate) {
                    candidate = base + "\(counter)"
                    counter += 1
                }
                taken.insert(candidate)
                if isList {
                    lists["\(object.name).\(property.name)"] = candidate
                } else {
                    entries["\(object.name).\(property.name)"] = candidate
                }
            }
        }
        linkMapEntries = entries
        listEntries = lists
    }

    /// Names from Swift, Foundation and SwiftData that generated models and importers refer to, and the generated
    /// support types: a model class must not take one.
    static let typesTheGeneratedCodeUses: Set<String> = [
        // Swift and Foundation
        "Any", "AnyObject", "Array", "Bool", "Character", "Codable", "Comparable", "Data", "Date", "Decimal",
        "Dictionary", "Double", "Equatable", "Error", "Float", "Hashable", "Identifiable", "Int", "Int8", "Int16",
        "Int32", "Int64", "Never", "Optional", "Result", "Sendable", "Set", "String", "Substring", "Type", "UInt",
        "UInt8", "URL", "UUID", "Void",
        // SwiftData
        "Attribute", "FetchDescriptor", "Model", "ModelConfiguration", "ModelContainer", "ModelContext",
        "PersistentIdentifier", "PersistentModel", "Predicate", "Relationship", "Schema", "SchemaMigrationPlan",
        "SortDescriptor", "Transient", "VersionedSchema", "MigrationStage", "Query",
        // The generated support types
        TypeMapping.mixedValueType, TypeMapping.objectIDType, SupportTypes.realmMigrationStateType, "SchemaV1",
        "ModelsMigrationPlan", "GeneratedRealmImporter", SupportTypes.listEntryProtocol,
        // The migration library's types the importer names
        "RealmToSwiftData", "RealmClassImporter", "RealmField", "RealmImportedModel", "RealmImporter",
        "RealmMigrationStateModel", "RealmRecordFields", "RealmToSwiftDataMigration", "RealmStorable",
        "RealmStorableEnum", "EmbeddedFields", "RealmLinkMapEntry", "RealmListEntry", "MigrationValue",
        "MigrationDictionaryEntry",
        "RealmValueError", "ObjectReference", "MigrationEngine",
        // The schema upgrade's types the importer and the carried migration block name
        "RealmSchema", "RealmSchemaUpgrade", "RealmAppModels", "Migration", "MigrationObject",
    ]

    /// The entry models of the schema's maps of links, in the schema's order, with the `#if` clauses their map
    /// exists under (its class's, then its own).
    func linkMapEntryNames(in schema: ModelSchema) -> [(name: String, condition: SourceCondition?)] {
        entryNames(linkMapEntries, in: schema)
    }

    /// The entry models of the schema's lists of links, in the schema's order, with the `#if` clauses their list
    /// exists under.
    func listEntryNames(in schema: ModelSchema) -> [(name: String, condition: SourceCondition?)] {
        entryNames(listEntries, in: schema)
    }

    private func entryNames(_ entries: [String: String], in schema: ModelSchema)
        -> [(name: String, condition: SourceCondition?)]
    {
        schema.objectTypes.flatMap { object in
            object.properties.compactMap { property in
                entries["\(object.name).\(property.name)"].map { ($0, object.condition.adding(property.condition)) }
            }
        }
    }

    /// The generated name of the Realm class `realmName`.
    func type(_ realmName: String) -> String { classNames[realmName] ?? realmName }

    /// The generated name of an enum: nested in its renamed model class, or flattened when its outer type is not a
    /// model (`Constants.Kind` → `ConstantsKind`).
    func enumType(_ qualified: String) -> String {
        let parts = qualified.split(separator: ".").map(String.init)
        guard parts.count > 1, let outer = parts.first else { return qualified }
        if classNames[outer] != nil { return ([type(outer)] + parts.dropFirst()).joined(separator: ".") }
        return parts.joined()
    }

    /// Whether the enum is generated inside a model type (an extension of it), and which.
    func enclosingModel(ofEnum qualified: String) -> String? {
        let parts = qualified.split(separator: ".").map(String.init)
        guard parts.count > 1, let outer = parts.first, classNames[outer] != nil else { return nil }
        return outer
    }
}

extension String {
    /// `Album` → `album`, `URLSession` → `uRLSession` (only the first character changes).
    var lowercasingFirst: String { prefix(1).lowercased() + dropFirst() }
    /// `tracks` → `Tracks`.
    var uppercasingFirst: String { prefix(1).uppercased() + dropFirst() }
}
