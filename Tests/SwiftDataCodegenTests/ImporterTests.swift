import Foundation
import RealmFile
import RealmFileModelInput
import RealmSchema
import SwiftDataCodegen
import SwiftDataStandIn
import TestSupport
import Testing

/// `RealmImporter.swift`: one `RealmField` per stored Realm field under its Realm name, the Realm class names the
/// engine uses, `realmObjectKey` on every model, and fields the models cannot hold reported and guarded.
@Suite struct ImporterTests {
    static func file(_ name: String, _ output: SwiftDataCodegen.Output) -> String {
        output.files.first { $0.name == name }?.contents ?? ""
    }

    static func importer(_ output: SwiftDataCodegen.Output) -> String { file("RealmImporter.swift", output) }

    /// The Realm field names of the `RealmField`s in `importer`'s `fields` of `model`, in order.
    static func fieldNames(of model: String, in importer: String) -> [String] {
        guard let start = importer.range(of: "var fields: [RealmField<\(model)>] {") else { return [] }
        let body = importer[start.upperBound...].prefix { $0 != "}" }
        return body.components(separatedBy: "(\"").dropFirst().map { String($0.prefix { $0 != "\"" }) }
    }

    @Test func everyStoredFieldInSchemaOrderAndNoInverses() {
        let importer = Self.importer(SwiftDataCodegen.generate(EdgeCaseTests.schema))
        // LinkingObjects and added inverses are not Realm fields.
        #expect(
            Self.fieldNames(of: "Node", in: importer) == [
                "default", "first-name", "2fa", "children", "byName", "place", "values", "ids", "isDeleted",
                "_default", "holder-list", "self", "init",
            ])
        #expect(Self.fieldNames(of: "Holder", in: importer) == ["node"])
    }

    @Test func renamedPropertiesReadTheirRealmField() {
        let importer = Self.importer(SwiftDataCodegen.generate(EdgeCaseTests.schema))
        for line in [
            ".attribute(\"default\", \\.`default`, .int),", ".attribute(\"first-name\", \\.first_name, .string),",
            ".attribute(\"isDeleted\", \\.isDeletedValue, .bool),",
            ".list(\"holder-list\", \\.holder_listEntries, ordered: \\.holder_list),",
            "    default: try record[\"default\"],", "first_name: try record[\"first-name\"],",
        ] {
            #expect(importer.contains(line), "missing: \(line)")
        }
    }

    @Test func attributesGoThroughTheInitAndRelationshipsAreLeftToTheLibrary() {
        let importer = Self.importer(SwiftDataCodegen.generate(EdgeCaseTests.schema))
        #expect(
            importer.contains("func makeModel(from record: RealmRecordFields) throws -> Holder {\n        Holder()\n"))
        #expect(!importer.contains("children: try"))
        #expect(
            importer.contains(".attribute(\"place\", \\.place, .embedded, isOptional: true, embeddedClass: \"Place\")"))
    }

    @Test func fieldsTheModelsCannotHoldAreReportedAndStopTheMigration() {
        let output = SwiftDataCodegen.generate(EdgeCaseTests.schema)
        let importer = Self.importer(output)
        #expect(!importer.contains("requireEmpty(\"byName\")"))
        #expect(importer.contains("        try fields.requireEmpty(\"ownersByRole\")\n"))
        let items = output.report.needsHuman.filter { $0.concern == .notImported }.map(\.subject)
        #expect(items == ["Place.ownersByRole"])
        #expect(output.report.markdown().contains("### Data the importer cannot move"))
    }

    @Test func embeddedStructsReadAndWriteTheirFieldsByRealmName() {
        let importer = Self.importer(SwiftDataCodegen.generate(EdgeCaseTests.schema))
        #expect(importer.contains("let fields = try EmbeddedFields(realmValue, className: \"Part\")"))
        #expect(importer.contains("self.init(weight: try fields[\"weight\"])"))
        #expect(importer.contains(".dictionary([MigrationDictionaryEntry(key: \"weight\", value: weight.realmValue)])"))
    }

    @Test func theRealmClassNameSurvivesRenames() throws {
        let testCase = try #require(RealisticModels.cases.first { $0.name == "ModernMusicIOS18Renamed" })
        let importer = Self.importer(try RealisticModels.convert(testCase).output)
        #expect(
            importer.contains(
                "extension Performer: RealmImportedModel {\n    static var realmClassName: String { \"Artist\" }"))
        #expect(importer.contains("struct SongImporter: RealmClassImporter {"))
        #expect(importer.contains("extension Performer.Kind: RealmStorableEnum {}"))
        #expect(importer.contains("extension MixedValue: RealmStorable {"))
    }

    @Test func everyModelHasARealmObjectKeyIndexedOnIOS18WithoutCloudKit() {
        let schema = Schema(objectTypes: [
            ObjectSchema(name: "Track", properties: [Property(name: "title", type: .string)])
        ])
        for (options, index) in [
            (CodegenOptions(), nil), (CodegenOptions(minimumIOS: .iOS18), "    #Index<Track>([\\.realmObjectKey])\n"),
            (CodegenOptions(minimumIOS: .iOS18, cloudKit: true), nil),
        ] {
            let output = SwiftDataCodegen.generate(schema, options: options)
            let models = Self.file("Models.swift", output)
            #expect(models.contains("    var realmObjectKey: Int64 = 0\n"))
            if let index {
                #expect(models.contains(index))
            } else {
                #expect(!models.contains("#Index"))
                #expect(
                    output.report.needsHuman.contains { $0.subject == "realmObjectKey" && $0.concern == .droppedIndex })
            }
        }
    }

    @Test func aRealmPropertyNamedRealmObjectKeyIsRenamedAndStillImported() {
        let schema = Schema(objectTypes: [
            ObjectSchema(
                name: "Track",
                properties: [Property(name: "realmObjectKey", type: .int), Property(name: "title", type: .string)])
        ])
        let output = SwiftDataCodegen.generate(schema)
        let models = Self.file("Models.swift", output)
        // Its Realm name is the stored name of the migration's key, so it gets no originalName.
        #expect(models.contains("    var realmObjectKeyValue: Int\n"))
        #expect(models.contains("    var realmObjectKey: Int64 = 0\n"))
        #expect(Self.importer(output).contains(".attribute(\"realmObjectKey\", \\.realmObjectKeyValue, .int),"))
        #expect(Self.importer(output).contains("realmObjectKeyValue: try record[\"realmObjectKey\"],"))
        #expect(
            output.report.needsHuman.contains { $0.concern == .renamedProperty && $0.subject == "Track.realmObjectKey" }
        )
    }

    @Test func anEmbeddedPropertyNamedRealmValueIsRenamed() {
        let schema = Schema(objectTypes: [
            ObjectSchema(
                name: "Track",
                properties: [Property(name: "box", type: .object, isOptional: true, objectClassName: "Box")]),
            ObjectSchema(name: "Box", kind: .embedded, properties: [Property(name: "realmValue", type: .string)]),
        ])
        let output = SwiftDataCodegen.generate(schema)
        #expect(Self.file("Models.swift", output).contains("    var realmValueValue: String = \"\"\n"))
        #expect(Self.importer(output).contains("self.init(realmValueValue: try fields[\"realmValue\"])"))
    }

    @Test func theMigrationStateModelIsInTheSchema() {
        let output = SwiftDataCodegen.generate(EdgeCaseTests.schema)
        #expect(Self.file("Models.swift", output).contains("@Model\nfinal class RealmMigrationState {\n"))
        #expect(Self.file("SchemaV1.swift", output).contains("            RealmMigrationState.self,\n"))
        #expect(Self.importer(output).contains("extension RealmMigrationState: RealmMigrationStateModel {}\n"))
        #expect(
            Self.importer(output).contains(
                "var stateModel: any RealmMigrationStateModel.Type { RealmMigrationState.self }"))
    }

    /// The three fixtures the migration is rehearsed on, for iOS 17 and 18, with and without CloudKit: models, schema
    /// and importer type-check together against the SwiftData runtime and `RealmToSwiftData`, without warnings.
    @Test func theFixturesImportersTypeCheckWithoutWarnings() throws {
        for name in ["music.v24.realm", "alltypes.v24.realm", "clusters.v24.realm"] {
            let input = try RealmFileModelInput(file: RealmFileReader(url: Fixtures.realm(name)))
            for options in [
                CodegenOptions(), CodegenOptions(minimumIOS: .iOS18), CodegenOptions(cloudKit: true),
                CodegenOptions(minimumIOS: .iOS18, cloudKit: true),
            ] {
                var options = options
                options.listUsage = input.listUsage
                let output = SwiftDataCodegen.generate(input.schema, options: options)
                #expect(output.compiledFiles.keys.contains("RealmImporter.swift"))
                let outcome = try GeneratedCodeCompiler.typecheck(output.compiledFiles)
                #expect(
                    outcome.succeeded && !outcome.output.contains("warning:"),
                    "\(name) iOS \(options.minimumIOS.rawValue) CloudKit \(options.cloudKit):\n\(outcome.output)")
            }
        }
    }

    /// The check is real: an importer naming a property the model lacks does not type-check.
    @Test func anImporterWithAWrongKeyPathFailsTheTypeCheck() throws {
        let input = try RealmFileModelInput(file: RealmFileReader(url: Fixtures.realm("music.v24.realm")))
        var files = SwiftDataCodegen.generate(input.schema).compiledFiles
        files["RealmImporter.swift"] = files["RealmImporter.swift"]?.replacingOccurrences(
            of: "\\.title, .string", with: "\\.heading, .string")
        let outcome = try GeneratedCodeCompiler.typecheck(files)
        #expect(!outcome.succeeded && outcome.output.contains("heading"), "\(outcome.output)")
    }
}
