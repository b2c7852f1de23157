import RealmSchema

/// Renders `RealmImporter.swift`: the mapping of each Realm class onto its model that the `RealmToSwiftData` library
/// migrates the app's data with, and the conformances of the value types the models store.
///
/// Every stored Realm field gets a `RealmField`, in the Realm schema's order. A field the models cannot hold (an
/// embedded object's link to a model, a link to a class the schema lacks) is reported, and the importer
/// requires it to be empty (`requireEmpty`), so a migration stops rather than drop a value.
struct ImporterRenderer {
    let schema: ModelSchema
    /// The schema as the input gave it, Realm's names unchanged, for the app's Realm schema in `realmModels`.
    let realmSchema: ModelSchema
    let naming: Naming
    /// `Class.property` → the Realm field name, for properties `PropertyNaming` renamed.
    let realmNames: [String: String]
    /// `RealmClass.property` of a list of links → its entries.
    let lists: [String: RelationshipPlan.ListPlan]
    /// Realm class → the properties its generated `init` takes.
    let initParameters: [String: [ModelsRenderer.InitParameter]]
    let usesMixedValue: Bool

    /// One stored Realm field of a class and the property that holds it.
    struct Field {
        /// The Realm class the field belongs to.
        var objectName: String
        var realmName: String
        var property: ModelProperty
        var role: PropertyRole

        /// Whether the field is read from the record as a value (`try record["field"]`): an attribute, or a
        /// non-optional single value of a type declared elsewhere (an enum or custom value, since Realm links and
        /// embedded objects are optional), which compiles once that type is `RealmStorable`.
        var isReadAsValue: Bool {
            switch role {
            case .attribute: true
            case .assumed: property.collection == .single && !property.isOptional
            default: false
            }
        }

        /// Whether the importer requires the field to be empty.
        var isRequiredEmpty: Bool {
            switch role {
            case .unrepresentable: true
            case .assumed: !isReadAsValue
            default: false
            }
        }
    }

    func render(report: inout ConversionReport) -> String {
        var writer = CodeWriter()
        for module in [
            "Foundation", "MigrationEngine", "RealmSchema", "RealmSchemaUpgrade", "RealmToSwiftData", "SwiftData",
        ] {
            writer.line("import \(module)")
        }
        for object in schema.objectTypes {
            for field in fields(of: object) {
                guard case .unrepresentable(let why) = field.role else { continue }
                report.human(
                    .notImported, "\(object.name).\(field.realmName)",
                    "\(Self.reason(why)): the importer cannot move its values, so the migration stops at the first "
                        + "object that has one (requireEmpty); give the model a property for it and import it by hand",
                    field.property.sourceLocation)
            }
        }
        let models = schema.objectTypes.filter { $0.kind != .embedded }
        let importers = importerNames(models)
        writer.line()
        let mainModels = Self.mainImporterModels(models, in: schema)
        writer.line(
            "/// The mapping of the Realm file's classes onto the models: pass it to `RealmToSwiftDataMigration`.")
        renderImporter(
            "GeneratedRealmImporter", models: mainModels, importers: importers, realmModels: true, into: &writer)
        reportRealmModels(into: &report)
        for target in schema.targetImporters ?? [] {
            let names = Set(target.classNames)
            writer.line()
            writer.line(
                "/// The mapping of target `\(target.target)`'s Realm file onto its models, some named apart from another"
            )
            writer.line(
                "/// target's models of the same Realm class: pass it to `RealmToSwiftDataMigration` in that target.")
            renderImporter(
                target.importerTypeName, models: models.filter { names.contains($0.name) },
                importers: importers, into: &writer)
        }
        writer.line()
        writer.line("extension \(SupportTypes.realmMigrationStateType): RealmMigrationStateModel {}")
        if !models.isEmpty { writer.line() }
        ConditionalCode.write(models, clauses: \.condition.clauses, separated: true, into: &writer) { model, writer in
            renderModel(model, importer: importers[model.name] ?? "", into: &writer)
        }
        let entries = naming.linkMapEntryNames(in: schema)
        if !entries.isEmpty { writer.line() }
        ConditionalCode.write(entries, clauses: \.condition.clauses, into: &writer) { entry, writer in
            writer.line("extension \(entry.name): RealmLinkMapEntry {}")
        }
        let listEntries = naming.listEntryNames(in: schema)
        if !listEntries.isEmpty { writer.line() }
        ConditionalCode.write(listEntries, clauses: \.condition.clauses, into: &writer) { entry, writer in
            writer.line("extension \(entry.name): RealmListEntry {}")
        }
        renderValueTypes(into: &writer)
        return CodeWriter.header(
            "Moves the app's Realm data into the SwiftData models (with the RealmToSwiftData library).")
            + "\n" + writer.text
    }

    /// The models of the main importer: all but those named apart for another target, and those that link to one
    /// (they belong to that target's Realm file).
    static func mainImporterModels(_ models: [ModelClass], in schema: ModelSchema) -> [ModelClass] {
        var excluded = Set(schema.objectTypes.filter { $0.realmClassName != nil }.map(\.name))
        var changed = !excluded.isEmpty
        while changed {
            changed = false
            for object in schema.objectTypes where !excluded.contains(object.name) {
                if object.properties.contains(where: { $0.property.objectClassName.map(excluded.contains) ?? false }) {
                    excluded.insert(object.name)
                    changed = true
                }
            }
        }
        return models.filter { !excluded.contains($0.name) }
    }

    private func renderImporter(
        _ name: String, models: [ModelClass], importers: [String: String], realmModels: Bool = false,
        into writer: inout CodeWriter
    ) {
        writer.block("struct \(name): RealmImporter {") { writer in
            writer.block("var classes: [any RealmClassImporter] {") { writer in
                let elements = models.map { model in
                    ConditionalCode.Element(condition: model.condition) { prefix, suffix, writer in
                        writer.line("\(prefix)\(importers[model.name] ?? "")()\(suffix)")
                    }
                }
                ConditionalCode.arrayBody(
                    elements, variable: "classes", type: "[any RealmClassImporter]", into: &writer)
            }
            writer.line()
            writer.line(
                "var stateModel: any RealmMigrationStateModel.Type { \(SupportTypes.realmMigrationStateType).self }")
            if realmModels { renderRealmModels(models, into: &writer) }
        }
    }

    /// The stored Realm fields of `object`, in the schema's order (`LinkingObjects` are computed, not stored).
    func fields(of object: ModelClass) -> [Field] {
        object.properties.compactMap { property in
            let role = PropertyRole(property, of: object, in: schema)
            if case .linkingObjects = role { return nil }
            let realmName = realmNames["\(object.name).\(property.name)"] ?? property.name
            return Field(objectName: object.name, realmName: realmName, property: property, role: role)
        }
    }

    /// Why the generated types have no property for a field, in a few words.
    static func reason(_ why: PropertyRole.Unrepresentable) -> String {
        switch why {
        case .missingTarget: "a link to a class missing from the schema"
        case .linkMapFromEmbedded: "an embedded object's map of links cannot live in its Codable struct"
        }
    }

    /// A comment and `try reader.requireEmpty("field")` for each field the type has no property for, and for each
    /// field of a type declared elsewhere that may be a link (it is optional or a collection).
    func requireEmptyLines(_ fields: [Field], reader: String, into writer: inout CodeWriter) {
        let required = fields.filter(\.isRequiredEmpty)
        ConditionalCode.write(required, clauses: \.property.condition.clauses, into: &writer) { field, writer in
            switch field.role {
            case .assumed(let typeName):
                writer.line(
                    "// \(field.realmName) is of \(typeName), declared elsewhere (see the report): a value stops the "
                        + "migration.")
            default:
                writer.line("// No property holds \(field.realmName) (see the report): a value stops the migration.")
            }
            writer.line("try \(reader).requireEmpty(\(Self.literal(field.realmName)))")
        }
    }

    /// `TrackImporter` for each model, clear of every generated type name.
    private func importerNames(_ models: [ModelClass]) -> [String: String] {
        // The library's and Swift's names too: a class `RealmClass` must not get the importer `RealmClassImporter`.
        var taken = Naming.typesTheGeneratedCodeUses.union(schema.objectTypes.map { naming.type($0.name) })
        taken.formUnion((schema.enumTypes ?? []).map { naming.enumType($0.name) })
        taken.formUnion(naming.linkMapEntries.values)
        taken.formUnion(naming.listEntries.values)
        var names: [String: String] = [:]
        for model in models {
            var candidate = naming.type(model.name) + "Importer"
            while taken.contains(candidate) { candidate += "_" }
            taken.insert(candidate)
            names[model.name] = candidate
        }
        return names
    }

    // MARK: Models

    private func renderModel(_ object: ModelClass, importer: String, into writer: inout CodeWriter) {
        let type = naming.type(object.name)
        writer.block("extension \(type): RealmImportedModel {") { writer in
            writer.line("static var realmClassName: String { \(Self.literal(object.realmClassName ?? object.name)) }")
        }
        writer.line()
        let fields = fields(of: object)
        writer.line("/// Imports the Realm class `\(object.realmClassName ?? object.name)` into `\(type)`.")
        writer.block("struct \(importer): RealmClassImporter {") { writer in
            writer.block("var fields: [RealmField<\(type)>] {") { writer in
                let elements = fields.compactMap { field in
                    fieldCall(field).map { call in
                        ConditionalCode.Element(condition: field.property.condition) { prefix, suffix, writer in
                            writer.call(call.callee, call.arguments, prefix: prefix, suffix: suffix)
                        }
                    }
                }
                ConditionalCode.arrayBody(elements, variable: "fields", type: "[RealmField<\(type)>]", into: &writer)
            }
            writer.line()
            renderMakeModel(object, type: type, fields: fields, into: &writer)
            writer.line()
            writer.block("func models(after key: Int64?, limit: Int) -> FetchDescriptor<\(type)> {") { writer in
                writer.line("var descriptor = FetchDescriptor<\(type)>(sortBy: [SortDescriptor(\\.realmObjectKey)])")
                writer.line("if let key { descriptor.predicate = #Predicate<\(type)> { $0.realmObjectKey > key } }")
                writer.line("descriptor.fetchLimit = limit")
                writer.line("return descriptor")
            }
            writer.line()
            writer.block(
                "func models(withIdentifiers identifiers: [PersistentIdentifier]) -> FetchDescriptor<\(type)> {"
            ) { writer in
                writer.line("var descriptor = FetchDescriptor<\(type)>()")
                writer.line(
                    "descriptor.predicate = #Predicate<\(type)> { identifiers.contains($0.persistentModelID) }")
                writer.line("descriptor.includePendingChanges = false")
                writer.line("return descriptor")
            }
        }
    }

    /// `.attribute("title", \.title, .string)` or `.toMany("tracks", \.tracks)` for one field; `nil` for a field the
    /// models have no property for.
    private func fieldCall(_ field: Field) -> (callee: String, arguments: [String])? {
        let name = Self.literal(field.realmName)
        let keyPath = "\\.\(SwiftIdentifier.declared(field.property.name))"
        switch field.role {
        case .toOne:
            return (".toOne", [name, keyPath])
        case .toMany:
            return (".toMany", [name, keyPath])
        case .list:
            guard let list = lists["\(field.objectName).\(field.property.name)"] else { return nil }
            return (".list", [name, "\\.\(list.entriesProperty)", "ordered: \(keyPath)"])
        case .linkMap:
            return (".linkMap", [name, keyPath])
        case .attribute:
            let property = field.property
            let isEmbedded = property.type == .object
            var arguments = [name, keyPath, isEmbedded ? ".embedded" : ".\(property.type.rawValue)"]
            if property.collection != .single { arguments.append("collection: .\(property.collection.rawValue)") }
            // Realm's mixed fields may always hold null (the model's `MixedValue` has a `.null` case).
            if property.isOptional || property.type == .mixed { arguments.append("isOptional: true") }
            if property.storesNaNAsNil { arguments.append("storesNaNAsNil: true") }
            if isEmbedded, let embedded = property.objectClassName {
                arguments.append("embeddedClass: \(Self.literal(embedded))")
            }
            return (".attribute", arguments)
        case .linkingObjects, .embeddedLink, .unrepresentable, .assumed:
            return nil
        }
    }

    /// `makeModel(from:)`: the generated `init` with every parameter read from the record; attributes the `init`
    /// does not take are set afterwards; relationships are left to the library, which sets them from `fields`.
    private func renderMakeModel(_ object: ModelClass, type: String, fields: [Field], into writer: inout CodeWriter) {
        let parameters = initParameters[object.name] ?? []
        let setAfterwards = fields.filter { field in
            guard case .attribute = field.role else { return false }
            return !parameters.contains { $0.name == field.property.name && $0.condition == field.property.condition }
        }
        // A single expression returns implicitly, not one in `#if` clauses.
        let hasUnimported =
            fields.contains(where: \.isRequiredEmpty) || parameters.contains { $0.condition != nil }
        writer.block("func makeModel(from record: RealmRecordFields) throws -> \(type) {") { writer in
            requireEmptyLines(fields, reader: "record", into: &writer)
            ConditionalCode.variants(parameters, clauses: \.condition.clauses, into: &writer) { parameters, writer in
                let arguments = parameters.compactMap { parameter -> String? in
                    let field = fields.first {
                        $0.property.name == parameter.name && $0.property.condition == parameter.condition
                    }
                    guard let field, field.isReadAsValue else { return nil }
                    return
                        "\(SwiftIdentifier.argumentLabel(parameter.name)): try record[\(Self.literal(field.realmName))]"
                }
                if setAfterwards.isEmpty {
                    writer.call(type, arguments, prefix: hasUnimported ? "return " : "", onePerLine: true)
                } else {
                    writer.call(type, arguments, prefix: "let model = ", onePerLine: true)
                }
            }
            guard !setAfterwards.isEmpty else { return }
            ConditionalCode.write(setAfterwards, clauses: \.property.condition.clauses, into: &writer) {
                field, writer in
                writer.line(
                    "model.\(SwiftIdentifier.declared(field.property.name)) = try record[\(Self.literal(field.realmName))]"
                )
            }
            writer.line("return model")
        }
    }

    /// `name` as a Swift string literal.
    static func literal(_ name: String) -> String { SwiftStringLiteral.quoting(name) }
}
