import Foundation
import RealmFile
import RealmFileModelInput
import RealmModelParser
import SwiftDataCodegen
import SwiftDataConversion
import SwiftDataStandIn
import TestSupport
import Testing

/// Models generated from Objective-C sources (`Tests/RealmModels/ObjectiveC`): they agree with a `.realm` file
/// realm-core wrote from the same schema, and the generated files type-check.
@Suite struct ObjectiveCModelsOutputTests {
    static let root = Fixtures.packageRoot.appendingPathComponent("Tests/RealmModels/ObjectiveC")

    /// `Music/` declares `music.v24.realm`'s schema in Objective-C: every class and property agrees with the file,
    /// so the comparison reports nothing, and the models equal those generated from the file alone.
    @Test func objectiveCSourcesAgreeWithTheRealmFileOfTheirSchema() throws {
        let music = Self.root.appendingPathComponent("Music")
        let realm = Fixtures.realm("music.v24.realm")
        let withFile = try ModelConversion(inputs: [music, realm]).run()
        #expect(withFile.classCount == 4)
        #expect(withFile.diagnostics.isEmpty, "\(withFile.diagnostics)")
        // The neutral schemas: every class, property, type, optionality, collection, link, index and primary key.
        let files = try FileManager.default.contentsOfDirectory(atPath: music.path).sorted().map { name in
            RealmModelParser.SourceFile(
                path: name, text: try String(contentsOf: music.appendingPathComponent(name), encoding: .utf8))
        }
        let sources = RealmModelParser.parse(files).schema.schema
        let file = try RealmFileModelInput(file: RealmFileReader(url: realm)).schema
        #expect(Set(sources.objectTypes.map(\.name)) == Set(file.objectTypes.map(\.name)))
        for object in file.objectTypes {
            let declared = try #require(sources[className: object.name])
            #expect(declared.primaryKey == object.primaryKey, "\(object.name)")
            #expect(declared.kind == object.kind, "\(object.name)")
            #expect(
                Set(declared.properties.map(\.name)) == Set(object.properties.map(\.name)), "\(object.name)")
            for property in object.properties {
                #expect(declared[property: property.name] == property, "\(object.name).\(property.name)")
            }
        }
        // And so the same SwiftData models as from the file alone.
        let fromSources = try ModelConversion(inputs: [music]).run()
        let fromFile = try ModelConversion(inputs: [realm]).run()
        #expect(Set(fromSources.catalog.classes) == Set(fromFile.catalog.classes))
    }

    /// The report points into the `.h` files, and the generated models, schema and importer type-check.
    @Test func generatedFilesTypeCheckAndTheReportPointsIntoHeaders() throws {
        for folder in ["Music", "Kennel", "Mixed"] {
            let result = try ModelConversion(
                inputs: [Self.root.appendingPathComponent(folder)], options: CodegenOptions(minimumIOS: .iOS18)
            ).run()
            let files = Dictionary(result.files.map { ($0.name, $0.contents) }, uniquingKeysWith: { a, _ in a })
            let report = try #require(files["ConversionReport.md"])
            #expect(report.contains(".h:"), "\(folder)")
            let compiled = try GeneratedCodeCompiler.typecheck(
                files.filter { $0.key.hasSuffix(".swift") && $0.key != "CarriedOverMembers.swift.txt" })
            #expect(compiled.succeeded && !compiled.output.contains("warning:"), "\(folder):\n\(compiled.output)")
        }
    }
}
