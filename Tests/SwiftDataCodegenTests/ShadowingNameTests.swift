import RealmSchema
import SwiftDataCodegen
import SwiftDataStandIn
import Testing

/// Generated names never shadow each other: a class named like one of its properties (realm-core's sync metadata
/// table `current_user_identity` has a column `current_user_identity`), properties named like their type
/// (`var B: B?`, `var Parent: Parent?`, as Realm .NET and Kotlin schemas write them) and like a Foundation type. The
/// property is renamed and keeps its stored name; the output compiles, with and without CloudKit. A property `ID` (a
/// primary key in a real app's legacy models) would make `@Model`'s key path `\A.ID` name `Identifiable`'s member
/// type: it is renamed too.
@Suite struct ShadowingNameTests {
    static let schema = Schema(objectTypes: [
        ObjectSchema(
            name: "current_user_identity",
            properties: [Property(name: "current_user_identity", type: .string)]),
        ObjectSchema(
            name: "A", primaryKey: "ID",
            properties: [
                Property(name: "ID", type: .string),
                Property(name: "id", type: .int),
                Property(name: "B", type: .object, isOptional: true, objectClassName: "B"),
            ]),
        ObjectSchema(
            name: "B",
            properties: [
                Property(
                    name: "as", type: .linkingObjects, collection: .list, objectClassName: "A",
                    linkOriginPropertyName: "B"),
                Property(name: "Date", type: .date),
            ]),
        ObjectSchema(
            name: "Child",
            properties: [Property(name: "Parent", type: .object, isOptional: true, objectClassName: "Parent")]),
        ObjectSchema(
            name: "Parent",
            properties: [
                Property(name: "Children", type: .object, collection: .list, objectClassName: "Child"),
                Property(name: "parent", type: .string),
            ]),
    ])

    @Test(arguments: [false, true]) func propertiesNamedLikeATypeAreRenamedAndTheOutputCompiles(_ cloudKit: Bool) throws
    {
        let output = SwiftDataCodegen.generate(Self.schema, options: CodegenOptions(cloudKit: cloudKit))
        let models = output.files.first { $0.name == "Models.swift" }?.contents ?? ""
        let renamed = output.report.needsHuman.filter { $0.concern == .renamedProperty }.map(\.subject)
        #expect(
            Set(renamed).isSuperset(of: [
                "current_user_identity.current_user_identity", "A.ID", "A.B", "B.Date", "Child.Parent",
            ]), "\(renamed)")
        #expect(models.contains("@Attribute(originalName: \"current_user_identity\")"))
        #expect(!models.contains("var B: B?") && !models.contains("var Parent: Parent?"))
        let key = cloudKit ? "@Attribute(originalName: \"ID\")" : "@Attribute(.unique, originalName: \"ID\")"
        #expect(models.contains("\(key) var IDValue: String"), "\(models)")
        let outcome = try GeneratedCodeCompiler.typecheck(output.compiledFiles)
        #expect(outcome.succeeded, "\(outcome.output)\n\(models)")
    }
}
