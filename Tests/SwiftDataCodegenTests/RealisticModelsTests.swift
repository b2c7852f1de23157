import Foundation
import RealmModelParser
import RealmSchema
import SwiftDataCodegen
import SwiftDataStandIn
import Testing

/// Realistic models in both Realm styles (`Tests/RealmModels`), every construct, converted with several option sets:
/// goldens, a compile check per golden set, and checks against what the sources declare.
@Suite struct RealisticModelsTests {
    @Test(arguments: RealisticModels.cases) func matchesGolden(_ testCase: RealisticModels.Case) throws {
        let (output, _) = try RealisticModels.convert(testCase)
        try Golden.check(output, case: testCase.name)
    }

    @Test(arguments: RealisticModels.cases) func compilesAgainstTheSwiftDataStandIn(_ testCase: RealisticModels.Case)
        throws
    {
        let (output, _) = try RealisticModels.convert(testCase)
        let outcome = try GeneratedCodeCompiler.typecheck(output.compiledFiles)
        #expect(outcome.succeeded && !outcome.output.contains("warning:"), "\(outcome.output)")
    }

    @Test(arguments: RealisticModels.cases) func everyOutputFileParses(_ testCase: RealisticModels.Case) throws {
        let (output, _) = try RealisticModels.convert(testCase)
        let all = Dictionary(uniqueKeysWithValues: output.files.map { ($0.name, $0.contents) })
        #expect(
            all.keys.sorted() == [
                "CarriedOverMembers.swift.txt", "Models.swift", "RealmImporter.swift", "SchemaV1.swift",
            ])
        let outcome = try GeneratedCodeCompiler.parse(all)
        #expect(outcome.succeeded, "\(outcome.output)")
    }
}

/// CloudKit's rules for SwiftData models, checked on the generated text of the CloudKit cases: every attribute
/// optional or defaulted, no unique constraints, every relationship optional and paired with an inverse.
@Suite struct CloudKitRulesTests {
    @Test(arguments: RealisticModels.cases.filter(\.options.cloudKit)) func cloudKitModelsFollowTheRules(
        _ testCase: RealisticModels.Case
    ) throws {
        let (output, _) = try RealisticModels.convert(testCase)
        let models = try #require(output.files.first { $0.name == "Models.swift" }?.contents)
        #expect(!models.contains(".unique") && !models.contains("#Unique"))
        let lines = models.split(separator: "\n").map(String.init)
        let classNames = lines.compactMap { line -> String? in
            guard line.hasPrefix("final class ") else { return nil }
            return line.dropFirst("final class ".count).split(separator: " ").first.map(String.init)
        }
        var inverseKeyPaths: Set<String> = []
        for line in lines where line.contains("inverse: \\") {
            if let range = line.range(of: "inverse: \\") {
                inverseKeyPaths.insert(String(line[range.upperBound...].prefix { $0 != ")" }))
            }
        }
        var currentClass: String?
        var previous = ""
        var checked = 0
        for line in lines {
            if line.hasPrefix("final class ") { currentClass = line.split(separator: " ")[2].description }
            if line.hasPrefix("struct ") || line.hasPrefix("enum ") || line.hasPrefix("extension ") {
                currentClass = nil
            }
            defer { previous = line }
            guard let owner = currentClass, line.hasPrefix("    ") && !line.hasPrefix("     "),
                let varRange = line.range(of: "var ")
            else { continue }
            let declaration = line[varRange.upperBound...].split(separator: "/").first.map(String.init) ?? ""
            let parts = declaration.split(separator: ":", maxSplits: 1)
            guard parts.count == 2 else { continue }
            let name = parts[0].trimmingCharacters(in: .whitespaces)
            let type = parts[1].split(separator: "=").first?.trimmingCharacters(in: .whitespaces) ?? ""
            checked += 1
            #expect(
                type.hasSuffix("?") || declaration.contains(" = "), "\(owner).\(name) is neither optional nor defaulted"
            )
            let element = type.trimmingCharacters(in: CharacterSet(charactersIn: "[]?"))
            if classNames.contains(element) {
                #expect(type.hasSuffix("?"), "relationship \(owner).\(name) is not optional")
                let hasInverse = previous.contains("inverse:") || inverseKeyPaths.contains("\(owner).\(name)")
                #expect(hasInverse, "relationship \(owner).\(name) has no inverse")
            }
        }
        #expect(checked > 20)
        #expect(!output.report.cloudKitChanges.isEmpty)
    }
}
