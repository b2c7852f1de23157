import RealmSchema
import SwiftDataCodegen
import SwiftDataStandIn
import Testing

/// Schemas as a `.realm` file can hold them (any property names, maps of links, links from embedded objects, maps
/// of links in embedded objects),
/// converted and compiled in one go.
@Suite struct EdgeCaseTests {
    static let schema = Schema(objectTypes: [
        ObjectSchema(
            name: "Node", primaryKey: "default",
            properties: [
                Property(name: "default", type: .int),
                Property(name: "first-name", type: .string),
                Property(name: "2fa", type: .bool),
                Property(name: "children", type: .object, collection: .list, objectClassName: "Node"),
                Property(
                    name: "byName", type: .object, isOptional: true, collection: .dictionary, objectClassName: "Node"),
                Property(name: "place", type: .object, isOptional: true, objectClassName: "Place"),
                Property(name: "values", type: .mixed, collection: .dictionary),
                Property(name: "ids", type: .objectId, isOptional: true, collection: .set),
                Property(name: "isDeleted", type: .bool),
                Property(name: "_default", type: .string),
                Property(name: "holder-list", type: .object, collection: .list, objectClassName: "Holder"),
                // Realm Java and JavaScript allow names Swift cannot read after a dot (seen in a realm-core 5 file).
                Property(name: "self", type: .int),
                Property(name: "init", type: .string),
            ]),
        ObjectSchema(
            name: "Place", kind: .embedded,
            properties: [
                Property(name: "name", type: .string),
                Property(name: "owner", type: .object, isOptional: true, objectClassName: "Node"),
                Property(name: "parts", type: .object, collection: .list, objectClassName: "Part"),
                Property(
                    name: "ownersByRole", type: .object, isOptional: true, collection: .dictionary,
                    objectClassName: "Node"),
            ]),
        ObjectSchema(name: "Part", kind: .embedded, properties: [Property(name: "weight", type: .decimal128)]),
        ObjectSchema(
            name: "Holder",
            properties: [
                Property(name: "node", type: .object, isOptional: true, objectClassName: "Node"),
                Property(
                    name: "owners", type: .linkingObjects, collection: .list, objectClassName: "Node",
                    linkOriginPropertyName: "holder-list"),
                Property(
                    name: "back", type: .linkingObjects, collection: .list, objectClassName: "Nowhere",
                    linkOriginPropertyName: "x"),
            ]),
    ])

    static func models(_ output: SwiftDataCodegen.Output) -> String {
        output.files.first { $0.name == "Models.swift" }?.contents ?? ""
    }

    @Test func awkwardNamesBecomeValidIdentifiers() {
        let output = SwiftDataCodegen.generate(Self.schema)
        let models = Self.models(output)
        #expect(models.contains("    @Attribute(.unique) var `default`: Int\n"))
        #expect(models.contains("    @Attribute(originalName: \"first-name\") var first_name: String\n"))
        #expect(models.contains("    @Attribute(originalName: \"2fa\") var _2fa: Bool\n"))
        #expect(models.contains("        self.default = `default`\n"))
    }

    @Test func namesSwiftDataReservesAreRenamedAndKeepTheirStoredName() {
        let output = SwiftDataCodegen.generate(
            Self.schema, options: CodegenOptions(deleteRules: ["Node.holder-list": .cascade]))
        let models = Self.models(output)
        #expect(models.contains("    @Attribute(originalName: \"isDeleted\") var isDeletedValue: Bool\n"))
        #expect(models.contains("    @Attribute(originalName: \"_default\") var _defaultValue: String\n"))
        #expect(
            models.contains(
                "    @Relationship(deleteRule: .cascade, inverse: \\NodeHolder_listEntry.owner)\n"
                    + "    var holder_listEntries: [NodeHolder_listEntry] = []\n"))
        // The list's cascade rule reaches its elements through the entries.
        #expect(models.contains("    @Relationship(deleteRule: .cascade)\n    var target: Holder?\n"))
        #expect(models.contains("    var owners: [Node] { nodeHolder_listEntries.compactMap(\\.owner) }\n"))
        let renamed = output.report.needsHuman.filter { $0.concern == .renamedProperty }.map(\.subject)
        #expect(models.contains("    @Attribute(originalName: \"self\") var selfValue: Int\n"))
        #expect(models.contains("    @Attribute(originalName: \"init\") var initValue: String\n"))
        #expect(
            renamed == [
                "Node.first-name", "Node.2fa", "Node.isDeleted", "Node._default", "Node.holder-list", "Node.self",
                "Node.init",
            ])
    }

    @Test func unsupportedShapesAreReportedNotGenerated() {
        let output = SwiftDataCodegen.generate(Self.schema)
        let models = Self.models(output)
        #expect(!models.contains("ownersByRole"))
        #expect(!models.contains("var back"))
        let unsupported = output.report.needsHuman.filter { $0.concern == .unsupported }.map(\.subject)
        #expect(unsupported == ["Holder.back", "Place.ownersByRole"])
    }

    @Test func aMapOfLinksBecomesEntryModelsDeletedWithTheirOwner() {
        let output = SwiftDataCodegen.generate(Self.schema)
        let models = Self.models(output)
        #expect(
            models.contains(
                "    @Relationship(deleteRule: .cascade, inverse: \\NodeByNameEntry.owner)\n"
                    + "    var byName: [NodeByNameEntry] = []\n"))
        #expect(
            models.contains(
                "@Model\nfinal class NodeByNameEntry {\n    var key: String = \"\"\n"
                    + "    @Relationship(deleteRule: .nullify)\n    var value: Node?\n    var owner: Node?\n"))
        let schemaFile = output.files.first { $0.name == "SchemaV1.swift" }?.contents ?? ""
        #expect(schemaFile.contains("            NodeByNameEntry.self,\n"))
        let importer = output.files.first { $0.name == "RealmImporter.swift" }?.contents ?? ""
        #expect(importer.contains(".linkMap(\"byName\", \\.byName),"))
        #expect(importer.contains("extension NodeByNameEntry: RealmLinkMapEntry {}"))
        let cloudKit = Self.models(SwiftDataCodegen.generate(Self.schema, options: CodegenOptions(cloudKit: true)))
        #expect(cloudKit.contains("    var byName: [NodeByNameEntry]? = []\n"))
    }

    @Test func anEmbeddedObjectsLinkIsKeptAsTheTargetsObjectKey() {
        let output = SwiftDataCodegen.generate(Self.schema)
        #expect(Self.models(output).contains("    var owner: Int64? = nil  // realmObjectKey of the linked Node\n"))
        let importer = output.files.first { $0.name == "RealmImporter.swift" }?.contents ?? ""
        #expect(importer.contains("owner: try fields.linkedObjectKey(\"owner\")"))
        #expect(
            importer.contains("MigrationDictionaryEntry(key: \"owner\", value: .link(to: \"Node\", objectKey: owner))"))
    }

    @Test func aClassNamedLikeAFoundationTypeIsRenamed() {
        let schema = Schema(objectTypes: [
            ObjectSchema(name: "Date", properties: [Property(name: "day", type: .date)]),
            ObjectSchema(name: "DateObject", properties: [Property(name: "day", type: .date)]),
        ])
        let output = SwiftDataCodegen.generate(schema)
        let models = Self.models(output)
        #expect(models.contains("final class DateObject2 {\n    var day: Date\n"))
        #expect(models.contains("final class DateObject {\n    var day: Date\n"))
        #expect(output.report.classNames["Date"] == "DateObject2")
        #expect(output.report.needsHuman.contains { $0.subject == "Date" && $0.concern == .input })
    }

    @Test func decimalsTheFileHoldsBeyondDecimalBecomeText() {
        let schema = Schema(objectTypes: [
            ObjectSchema(
                name: "Price",
                properties: [
                    Property(name: "amount", type: .decimal128),
                    Property(name: "history", type: .decimal128, collection: .list),
                    Property(name: "plain", type: .decimal128),
                ])
        ])
        var options = CodegenOptions()
        options.decimalsStoredAsText = [
            "Price.amount": "1 of 3 values, first NaN", "Price.history": "2 of 9 values, first 1E+6000",
        ]
        let output = SwiftDataCodegen.generate(schema, options: options)
        let models = Self.models(output)
        #expect(models.contains("    var amount: String\n    var history: [String]\n    var plain: Decimal\n"))
        #expect(models.contains("amount: String = \"0\""))
        let notes = output.report.needsHuman.filter { $0.subject == "Price.amount" }.map(\.message)
        #expect(notes.contains { $0.contains("Decimal128 became String") && $0.contains("1 of 3 values, first NaN") })
    }

    @Test func selfReferencingListsAndValueCollections() {
        let models = Self.models(SwiftDataCodegen.generate(Self.schema))
        #expect(
            models.contains(
                "    @Relationship(deleteRule: .cascade, inverse: \\NodeChildrenEntry.owner)\n"
                    + "    var childrenEntries: [NodeChildrenEntry] = []\n"))
        #expect(
            models.contains(
                "    @Relationship(deleteRule: .cascade, inverse: \\NodeChildrenEntry.target)\n"
                    + "    var nodeChildrenEntries: [NodeChildrenEntry] = []\n"))
        #expect(models.contains("    var values: [String: MixedValue]\n"))
        #expect(models.contains("    var ids: [String?]\n"))
        #expect(
            models.contains(
                "struct Place: Codable, Hashable {\n    var name: String = \"\"\n"
                    + "    var owner: Int64? = nil  // realmObjectKey of the linked Node\n    var parts: [Part] = []\n}"
            ))
    }

    @Test func renamesThatCollideKeepTheRealmNames() {
        let output = SwiftDataCodegen.generate(
            Self.schema, options: CodegenOptions(renames: ["Node": "Item", "Holder": "Item"]))
        #expect(output.report.classNames["Node"] == "Node")
        #expect(output.report.classNames["Holder"] == "Holder")
        #expect(output.report.needsHuman.filter { $0.concern == .input }.count >= 2)
    }

    @Test func denyBecomesNullifyForCloudKit() {
        var options = CodegenOptions(cloudKit: true)
        options.deleteRules["Holder.node"] = .deny
        let output = SwiftDataCodegen.generate(Self.schema, options: options)
        #expect(
            Self.models(output).contains(
                "@Relationship(deleteRule: .nullify, inverse: \\Node.holders)\n    var node: Node?"))
        #expect(
            output.report.cloudKitChanges.contains {
                $0.subject == "Holder.node" && $0.swiftData == "deleteRule: .nullify"
            })
        #expect(
            !SwiftDataCodegen.generate(Self.schema, options: CodegenOptions(deleteRules: ["Holder.node": .deny]))
                .files[0].contents.contains(".nullify, inverse: \\Node.holders"))
    }

    @Test func outputIsDeterministic() {
        let first = SwiftDataCodegen.generate(Self.schema, options: CodegenOptions(minimumIOS: .iOS18, cloudKit: true))
        let second = SwiftDataCodegen.generate(Self.schema, options: CodegenOptions(minimumIOS: .iOS18, cloudKit: true))
        #expect(first.files == second.files)
        #expect(first.report == second.report)
    }

    @Test func edgeCaseModelsCompile() throws {
        for options in [
            CodegenOptions(), CodegenOptions(minimumIOS: .iOS18), CodegenOptions(minimumIOS: .iOS18, cloudKit: true),
        ] {
            let output = SwiftDataCodegen.generate(Self.schema, options: options)
            let outcome = try GeneratedCodeCompiler.typecheck(output.compiledFiles)
            #expect(outcome.succeeded && !outcome.output.contains("warning:"), "\(outcome.output)")
        }
    }
}

/// Generated importer names stay clear of the library's types.
@Suite struct ImporterNamingTests {
    @Test func aClassNamedLikeALibraryProtocolPlusImporterGetsAnotherImporterName() throws {
        let schema = ModelSchema(
            Schema(objectTypes: [ObjectSchema(name: "RealmClass", properties: [Property(name: "id", type: .int)])]))
        let output = SwiftDataCodegen.generate(schema, options: CodegenOptions())
        let importer = try #require(output.files.first { $0.name == "RealmImporter.swift" }?.contents)
        #expect(importer.contains("struct RealmClassImporter_: RealmClassImporter {"))
        #expect(importer.contains("RealmClassImporter_()"))
    }
}
