import RealmSchema

/// `realmModels` of the main importer: the app's Realm schema (its classes as the Realm models declare them, at
/// the app's `schemaVersion`), the migration block carried over, the models' literal defaults and
/// `deleteRealmIfMigrationNeeded`. With it, the in-app migration upgrades a file written at an older schema
/// version as Realm would have on open, before it copies the data.
extension ImporterRenderer {
    /// Whether `realmModels` can be generated, and why not: the schema version cannot be told.
    var realmModelsProblem: String? { realmSchema.realmConfiguration?.unreadableVersion }

    /// Why the app's migration block is not carried over, when it has one that cannot be: `realmModels` then says
    /// so, and the migration refuses a file at an older version instead of upgrading it without the block.
    var migrationBlockNotCarried: String? { realmSchema.realmConfiguration?.unreadableBlock }

    /// `var realmModels` and the static members it reads, inside the main importer (`main`: its models).
    func renderRealmModels(_ main: [ModelClass], into writer: inout CodeWriter) {
        writer.line()
        if let problem = realmModelsProblem {
            writer.line("/// No Realm models: \(Self.comment(problem)).")
            writer.line("/// Set them (see `RealmAppModels`) so that a file at an older schema version is upgraded.")
            writer.line("var realmModels: RealmAppModels? { nil }")
            return
        }
        let classes = realmClasses(main)
        let version = realmSchema.version ?? 0
        let block = realmSchema.realmConfiguration?.migrationBlock
        let delete = realmSchema.realmConfiguration?.deleteRealmIfMigrationNeeded ?? false
        writer.line(
            "/// The app's Realm models at its Realm configuration's schemaVersion \(version): the migration upgrades a file"
        )
        writer.line("/// written at an older version to them, as Realm did on open, before it copies the data.")
        writer.block("var realmModels: RealmAppModels? {") { writer in
            var arguments = [
                "schema: RealmSchema.Schema(version: \(RealmModelDefaults.grouped(String(version))), "
                    + "objectTypes: Self.realmObjectTypes)"
            ]
            if block != nil { arguments.append("migrationBlock: \(UpgradeRenderer.functionName)") }
            arguments.append("modelDefaults: Self.realmModelDefaults")
            arguments.append("deleteRealmIfMigrationNeeded: \(delete)")
            if let missing = migrationBlockNotCarried {
                arguments.append("migrationBlockNotCarried: \(Self.literal(Self.comment(missing)))")
            }
            writer.call("RealmAppModels", arguments, onePerLine: true)
        }
        writer.line()
        writer.line("/// The app's Realm classes, embedded ones included, as its Realm models declare them.")
        writer.block("private static var realmObjectTypes: [RealmSchema.ObjectSchema] {") { writer in
            let elements = classes.map { object in
                ConditionalCode.Element(condition: object.condition) { prefix, suffix, writer in
                    var arguments = ["name: \(Self.literal(object.realmClassName ?? object.name))"]
                    if object.kind != .topLevel { arguments.append("kind: .\(object.kind.rawValue)") }
                    if let key = object.primaryKey { arguments.append("primaryKey: \(Self.literal(key))") }
                    arguments.append("properties: Self.\(propertiesName(object))")
                    writer.call("RealmSchema.ObjectSchema", arguments, prefix: prefix, suffix: suffix)
                }
            }
            ConditionalCode.arrayBody(
                elements, variable: "objectTypes", type: "[RealmSchema.ObjectSchema]", into: &writer)
        }
        for object in classes {
            writer.line()
            writer.block("private static var \(propertiesName(object)): [RealmSchema.Property] {") { writer in
                let elements = object.properties.map { property in
                    ConditionalCode.Element(condition: property.condition) { prefix, suffix, writer in
                        writer.call(
                            "RealmSchema.Property", Self.arguments(property.property), prefix: prefix, suffix: suffix)
                    }
                }
                ConditionalCode.arrayBody(
                    elements, variable: "properties", type: "[RealmSchema.Property]", into: &writer)
            }
        }
        writer.line()
        renderModelDefaults(RealmModelDefaults(classes: classes, enums: realmSchema.enumTypes ?? []), into: &writer)
    }

    /// The classes of the app's Realm schema for the main importer: its models and every embedded class not named
    /// apart for another target, with their Realm names and properties.
    func realmClasses(_ main: [ModelClass]) -> [ModelClass] {
        let names = Set(main.map(\.name))
        return realmSchema.objectTypes.filter { object in
            names.contains(object.name) || (object.kind == .embedded && object.realmClassName == nil)
        }
    }

    private func propertiesName(_ object: ModelClass) -> String {
        let type = naming.type(object.name)
        let isPlain = type.allSatisfy { $0.isASCII && ($0.isLetter || $0.isNumber) } && type.first?.isLetter == true
        let index = realmSchema.objectTypes.firstIndex { $0.name == object.name } ?? 0
        return isPlain ? "\(type.lowercasingFirst)RealmProperties" : "realmProperties\(index)"
    }

    private func renderModelDefaults(_ defaults: RealmModelDefaults, into writer: inout CodeWriter) {
        let type = "[String: [String: MigrationValue]]"
        writer.line("/// The Realm models' literal Swift defaults, which objects the migration block creates take.")
        writer.block("private static var realmModelDefaults: \(type) {") { writer in
            let always = defaults.entries.filter { $0.condition == nil }
            let conditional = defaults.entries.filter { $0.condition != nil }
            let prefix = conditional.isEmpty ? "" : "var defaults: \(type) = "
            if always.isEmpty {
                writer.line(prefix + "[:]")
            } else {
                writer.block(prefix + "[", closing: "]") { writer in
                    var classes: [String] = []
                    for entry in always where !classes.contains(entry.className) { classes.append(entry.className) }
                    for className in classes {
                        let entries = always.filter { $0.className == className }.map {
                            "\(Self.literal($0.property)): \($0.value)"
                        }
                        // `swift format` wants a one-element literal on one line.
                        let single = "\(Self.literal(className)): [\(entries.joined())],"
                        if entries.count == 1, writer.fits(single) {
                            writer.line(single)
                            continue
                        }
                        writer.block("\(Self.literal(className)): [", closing: "],") { writer in
                            for entry in entries { writer.line(entry + ",") }
                        }
                    }
                }
            }
            guard !conditional.isEmpty else { return }
            ConditionalCode.write(conditional, clauses: \.condition.clauses, into: &writer) { entry, writer in
                writer.line(
                    "defaults[\(Self.literal(entry.className)), default: [:]][\(Self.literal(entry.property))] = "
                        + entry.value)
            }
            writer.line("return defaults")
        }
    }

    /// `name: "title", type: .string` and the arguments that differ from the initializer's defaults.
    private static func arguments(_ property: Property) -> [String] {
        var arguments = ["name: \(literal(property.name))", "type: .\(property.type.rawValue)"]
        if property.isOptional { arguments.append("isOptional: true") }
        if property.collection != .single { arguments.append("collection: .\(property.collection.rawValue)") }
        if let target = property.objectClassName { arguments.append("objectClassName: \(literal(target))") }
        if let origin = property.linkOriginPropertyName {
            arguments.append("linkOriginPropertyName: \(literal(origin))")
        }
        if property.isIndexed { arguments.append("isIndexed: true") }
        if property.isFullTextIndexed { arguments.append("isFullTextIndexed: true") }
        return arguments
    }

    /// `text` on one comment line.
    static func comment(_ text: String) -> String {
        text.split(whereSeparator: \.isNewline).joined(separator: " ")
    }

    /// What the report says about the configuration `realmModels` carries.
    func reportRealmModels(into report: inout ConversionReport) {
        let fromSource = realmSchema.objectTypes.contains { $0.sourceLocation != nil }
        let configuration = realmSchema.realmConfiguration
        if let problem = realmModelsProblem {
            report.human(
                .realmConfiguration, "realmModels",
                "\(problem): the importer names no Realm models (realmModels is nil), so the migration refuses a file "
                    + "whose schema differs from the models'; set realmModels in RealmImporter.swift",
                configuration?.location)
        } else if let configuration {
            var realm = ["schemaVersion: \(realmSchema.version ?? 0)"]
            if configuration.migrationBlock != nil { realm.append("migrationBlock") }
            if configuration.deleteRealmIfMigrationNeeded { realm.append("deleteRealmIfMigrationNeeded: true") }
            report.construct(
                "Realm.Configuration", "Realm.Configuration(\(realm.joined(separator: ", ")))",
                "GeneratedRealmImporter.realmModels"
                    + (configuration.migrationBlock != nil ? " + \(UpgradeRenderer.functionName)(_:_:)" : ""),
                configuration.location)
            if let missing = migrationBlockNotCarried {
                report.human(
                    .realmConfiguration, "migrationBlock",
                    "\(missing): realmModels names it as not carried over, so the migration refuses a file at an "
                        + "older schema version (migrationBlockNotCarried) rather than upgrade it without the block; "
                        + "write the block in RealmSchemaUpgrade.swift, set migrationBlock in realmModels and remove "
                        + "migrationBlockNotCarried", configuration.location)
            }
            if configuration.deleteRealmIfMigrationNeeded {
                report.human(
                    .realmConfiguration, "deleteRealmIfMigrationNeeded",
                    "the app deleted its Realm file whenever a migration was needed: so does the in-app migration "
                        + "(a file at another version or with another schema is not migrated, as Realm would have "
                        + "deleted it)", configuration.location)
            }
        } else if fromSource {
            report.human(
                .realmConfiguration, "schemaVersion",
                "no Realm.Configuration in the sources sets schemaVersion or a migration block: realmModels declares "
                    + "version 0, Realm's default; if the app configures Realm in code not given, set its version "
                    + "(and block) in RealmImporter.swift", nil)
        } else {
            report.human(
                .realmConfiguration, "schemaVersion",
                "the models come from a .realm file: realmModels declares its schema at its version "
                    + "(\(realmSchema.version ?? 0)) as the app's, so an older file is upgraded to it without a "
                    + "migration block (convert the app's sources to carry its block over)", nil)
        }
        for note in configuration?.notes ?? [] {
            report.human(.realmConfiguration, "Realm.Configuration", note.message, note.location)
        }
        if configuration?.migrationBlock != nil, realmModelsProblem == nil {
            let main = Self.mainImporterModels(schema.objectTypes.filter { $0.kind != .embedded }, in: schema)
            let skipped = RealmModelDefaults(classes: realmClasses(main), enums: realmSchema.enumTypes ?? []).skipped
            if !skipped.isEmpty {
                report.human(
                    .realmConfiguration, "modelDefaults",
                    "defaults that are not literal values are not in realmModels: objects the migration block creates "
                        + "get Realm's for them: \(skipped.joined(separator: ", "))", nil)
            }
        }
        for target in schema.targetImporters ?? [] {
            report.human(
                .realmConfiguration, target.importerTypeName,
                "names no Realm models (realmModels is nil): the target's file is migrated only when its schema is "
                    + "the models' (give that target's configuration in its importer by hand)", nil)
        }
    }
}
