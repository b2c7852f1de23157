import RealmSchema

/// Renders `SchemaV1` (a `VersionedSchema` listing every model), a migration plan and a `ModelContainer` factory.
struct SchemaRenderer {
    let schema: ModelSchema
    let options: CodegenOptions
    let naming: Naming

    func render() -> String {
        let models =
            schema.objectTypes.filter { $0.kind != .embedded }.map { (naming.type($0.name), $0.condition) }
            + naming.linkMapEntryNames(in: schema).map { ($0.name, $0.condition) }
            + naming.listEntryNames(in: schema).map { ($0.name, $0.condition) }
            + [(SupportTypes.realmMigrationStateType, nil)]
        let elements = models.map { name, condition in
            ConditionalCode.Element(condition: condition) { prefix, suffix, writer in
                writer.line("\(prefix)\(name).self\(suffix)")
            }
        }
        var writer = CodeWriter()
        writer.line("import Foundation")
        writer.line("import SwiftData")
        writer.line()
        writer.line("/// Version 1 of the app's SwiftData schema: the models converted from Realm.")
        writer.block("enum SchemaV1: VersionedSchema {") { writer in
            writer.line("static var versionIdentifier: Schema.Version { Schema.Version(1, 0, 0) }")
            writer.line()
            writer.block("static var models: [any PersistentModel.Type] {") { writer in
                if elements.contains(where: { $0.condition != nil }) {
                    ConditionalCode.arrayBody(
                        elements, variable: "models", type: "[any PersistentModel.Type]", into: &writer)
                } else {
                    writer.block("[", closing: "]") { writer in
                        for element in elements { element.write("", ",", &writer) }
                    }
                }
            }
        }
        writer.line()
        writer.line(
            "/// The schema versions and the steps between them; add `SchemaV2` and a stage here when the models change."
        )
        writer.block("enum ModelsMigrationPlan: SchemaMigrationPlan {") { writer in
            writer.line("static var schemas: [any VersionedSchema.Type] { [SchemaV1.self] }")
            writer.line("static var stages: [MigrationStage] { [] }")
        }
        writer.line()
        writer.line(
            "/// Creates the container for the converted models (pass `true` for an in-memory store, e.g. in tests).")
        writer.block("func makeModelContainer(isStoredInMemoryOnly: Bool = false) throws -> ModelContainer {") {
            writer in
            writer.line("let schema = Schema(versionedSchema: SchemaV1.self)")
            writer.block("let configuration = ModelConfiguration(", closing: ")") { writer in
                writer.line("schema: schema,")
                writer.line("isStoredInMemoryOnly: isStoredInMemoryOnly,")
                writer.line("cloudKitDatabase: \(options.cloudKit ? ".automatic" : ".none")")
            }
            writer.line(
                "return try ModelContainer(for: schema, migrationPlan: ModelsMigrationPlan.self, configurations: configuration)"
            )
        }
        return CodeWriter.header("The versioned schema and container setup for the converted models.") + "\n"
            + writer.text
    }
}
