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

    /// `Music/` declares `music.v24.realm`'s schema in Objective-C, `AllTypes/` that of `alltypes.v24.realm` (every
    /// value type, optional and required, in lists, sets and maps, links and embedded objects): every class and
    /// property agrees with the file realm-core wrote, so the comparison reports nothing, and the models equal those
    /// generated from the file alone.
    @Test(arguments: [("Music", "music.v24.realm"), ("AllTypes", "alltypes.v24.realm")])
    func objectiveCSourcesAgreeWithTheRealmFileOfTheirSchema(folder: String, fixture: String) throws {
        let sourceFolder = Self.root.appendingPathComponent(folder)
        let realm = Fixtures.realm(fixture)
        let withFile = try ModelConversion(inputs: [sourceFolder, realm]).run()
        #expect(withFile.diagnostics.isEmpty, "\(withFile.diagnostics)")
        // The neutral schemas: every class, property, type, optionality, collection, link, index and primary key.
        let files = try FileManager.default.contentsOfDirectory(atPath: sourceFolder.path).sorted().map { name in
            RealmModelParser.SourceFile(
                path: name, text: try String(contentsOf: sourceFolder.appendingPathComponent(name), encoding: .utf8))
        }
        let sources = RealmModelParser.parse(files).schema.schema
        let file = try RealmFileModelInput(file: RealmFileReader(url: realm)).schema
        #expect(Set(sources.objectTypes.map(\.name)) == Set(file.objectTypes.map(\.name)))
        #expect(withFile.classCount == file.objectTypes.count)
        for object in file.objectTypes {
            let declared = try #require(sources[className: object.name])
            #expect(declared.primaryKey == object.primaryKey, "\(object.name)")
            #expect(declared.kind == object.kind, "\(object.name)")
            #expect(
                Set(declared.properties.map(\.name)) == Set(object.properties.map(\.name)), "\(object.name)")
            for property in object.properties {
                var stored = property
                // realm-core stores every mixed column nullable; the SDK's property is not optional.
                if stored.type == .mixed { stored.isOptional = false }
                #expect(declared[property: property.name] == stored, "\(object.name).\(property.name)")
            }
        }
        // And so the same SwiftData models as from the file alone (both with the file's data deciding, for
        // example, which values hold NaN and which decimals need text).
        let fromFile = try ModelConversion(inputs: [realm]).run()
        #expect(Set(withFile.catalog.classes) == Set(fromFile.catalog.classes))
    }

    /// The report points into the `.h` files, and the generated models, schema and importer type-check.
    @Test func generatedFilesTypeCheckAndTheReportPointsIntoHeaders() throws {
        for folder in ["Music", "Kennel", "Mixed", "Feeds", "AllTypes"] {
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
