import RealmSchema
import SwiftDataCodegen
import SwiftDataStandIn
import Testing

/// Schemas as a `.realm` file can hold them (any property names, maps of links, links from embedded objects),
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
            ]),
        ObjectSchema(
            name: "Place", kind: .embedded,
            properties: [
                Property(name: "name", type: .string),
                Property(name: "owner", type: .object, isOptional: true, objectClassName: "Node"),
                Property(name: "parts", type: .object, collection: .list, objectClassName: "Part"),
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
                "    @Relationship(deleteRule: .cascade, originalName: \"holder-list\", inverse: \\Holder.owners)\n"
                    + "    var holder_list: [Holder] = []\n"))
        #expect(models.contains("    var owners: [Node] = []  // inverse of Node.holder_list\n"))
        let renamed = output.report.needsHuman.filter { $0.concern == .renamedProperty }.map(\.subject)
        #expect(renamed == ["Node.first-name", "Node.2fa", "Node.isDeleted", "Node._default", "Node.holder-list"])
    }

    @Test func unsupportedShapesAreReportedNotGenerated() {
        let output = SwiftDataCodegen.generate(Self.schema)
        let models = Self.models(output)
        #expect(!models.contains("byName"))
        #expect(!models.contains("var owner:"))
        #expect(!models.contains("var back"))
        let unsupported = output.report.needsHuman.filter { $0.concern == .unsupported }.map(\.subject)
        #expect(unsupported == ["Holder.back", "Node.byName", "Place.owner"])
    }

    @Test func selfReferencingListsAndValueCollections() {
        let models = Self.models(SwiftDataCodegen.generate(Self.schema))
        #expect(
            models.contains(
                "    @Relationship(deleteRule: .nullify, inverse: \\Node.node)\n    var children: [Node] = []\n"))
        #expect(models.contains("    var node: Node?  // inverse of Node.children, added by carryover\n"))
        #expect(models.contains("    var values: [String: MixedValue]\n"))
        #expect(models.contains("    var ids: [String?]\n"))
        #expect(
            models.contains(
                "struct Place: Codable, Hashable {\n    var name: String = \"\"\n    var parts: [Part] = []\n}"))
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
