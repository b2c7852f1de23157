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
        let compiled = Dictionary(
            uniqueKeysWithValues: output.files.filter(\.isCompiled).map { ($0.name, $0.contents) })
        let outcome = try GeneratedCodeCompiler.typecheck(compiled)
        #expect(outcome.succeeded, "\(outcome.output)")
    }

    @Test(arguments: RealisticModels.cases) func everyOutputFileParses(_ testCase: RealisticModels.Case) throws {
        let (output, _) = try RealisticModels.convert(testCase)
        let all = Dictionary(uniqueKeysWithValues: output.files.map { ($0.name, $0.contents) })
        #expect(all.keys.sorted() == ["CarriedOverMembers.swift.txt", "Models.swift", "SchemaV1.swift"])
        let outcome = try GeneratedCodeCompiler.parse(all)
        #expect(outcome.succeeded, "\(outcome.output)")
    }
}
