import Foundation
import SwiftDataCodegen
import SwiftDataConversion
import SwiftDataStandIn
import Testing

/// Models whose properties are typed with aliases declared across files (`Tests/RealmModels/Aliases`, both
/// styles): the output names what each alias stands for (the app's aliases are not in the generated files) and
/// compiles.
@Suite struct TypeAliasOutputTests {
    static let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .appendingPathComponent("RealmModels/Aliases")

    static func convert(_ folder: String) throws -> ModelConversionResult {
        try ModelConversion(inputs: [root.appendingPathComponent(folder)], options: CodegenOptions(minimumIOS: .iOS18))
            .run().relative(to: root)
    }

    @Test(arguments: ["Modern", "Legacy"]) func matchesGoldenAndCompiles(_ folder: String) throws {
        let result = try Self.convert(folder)
        #expect(!result.hasErrors, "\(result.diagnostics)")
        try Golden.check(result.files.map { ($0.name, $0.contents) }, case: "Aliases\(folder)")
        let compiled = Dictionary(
            uniqueKeysWithValues: result.files.filter(\.isCompiled).map { ($0.name, $0.contents) })
        let outcome = try GeneratedCodeCompiler.typecheck(compiled)
        #expect(outcome.succeeded && !outcome.output.contains("warning:"), "\(outcome.output)")
    }

    @Test func modernAliasesBecomeWhatTheyStandFor() throws {
        let models = try #require(try Self.convert("Modern").files.first { $0.name == "Models.swift" }?.contents)
        for member in [
            "var isbn: String", "var tags: [String]", "var owner: Person?", "var readers: [Person] {",
            "var ratings: [String: Int]", "var notes: [String: String?]", "var addedAt: Date", "var code: Int16",
            "var fans: [Reader] = []",
        ] {
            #expect(models.contains(member), "\(member)")
        }
        for alias in ["Identifier", "Tags", "Owner", "Keyed", "Stamp", "Moment", "Catalog", "Shelf"] {
            #expect(!models.contains(alias), "\(alias)")
        }
    }
}
