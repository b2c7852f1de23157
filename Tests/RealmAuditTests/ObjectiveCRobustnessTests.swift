import Foundation
import RealmAudit
import TestSupport
import Testing

/// Objective-C source is untrusted input too: unterminated comments and literals give a diagnostic with their line
/// and the findings of what reads; every cut of the inputs and seeded random edits scan without a trap.
@Suite struct ObjectiveCRobustnessTests {
    static let inputs: [String] = {
        let folder = ObjectiveCFindingTests.folder
        let files = (try? FileManager.default.subpathsOfDirectory(atPath: folder.path)) ?? []
        return files.filter { $0.hasSuffix(".m") || $0.hasSuffix(".h") }.sorted().compactMap {
            try? String(contentsOf: folder.appendingPathComponent($0), encoding: .utf8)
        }
    }()

    @Test func malformedSourceGivesFindingsAndADiagnostic() throws {
        let source = """
            #import <Realm/Realm.h>
            void f(void) {
                [[RLMRealm defaultRealm] beginWriteTransaction];
                NSString *s = @"never closed
                [realm commitWriteTransaction
            /* never closed
            """
        let report = try #require(RealmUsageAudit.audit(source: source, path: "Broken.m"))
        #expect(
            report.findings.map(\.api).prefix(2) == ["+[RLMRealm defaultRealm]", "-[RLMRealm beginWriteTransaction]"])
        #expect(report.diagnostics.map(\.line).contains(4) && report.diagnostics.map(\.line).contains(6))
    }

    @Test func everyTruncationOfAnInputScans() {
        #expect(Self.inputs.count == 10)
        for source in Self.inputs {
            let bytes = Array(source.utf8)
            for length in stride(from: 0, through: bytes.count, by: 5) {
                let text = String(decoding: bytes[..<length], as: UTF8.self)
                let report = RealmUsageAudit.audit(source: text, path: "T.m")
                #expect(report?.findings.allSatisfy { $0.line >= 1 && $0.column >= 1 } ?? true)
            }
        }
    }

    @Test func randomEditsOfTheInputsScan() {
        var generator = SeededRandomNumberGenerator.replayable("ObjectiveCRobustnessTests.randomEditsOfTheInputsScan")
        let seed = generator.seed
        for round in 0..<300 {
            guard let source = Self.inputs.randomElement(using: &generator) else { continue }
            let text = SourceEdits.edited(source, using: &generator)
            let report = RealmUsageAudit.audit(source: text, path: "R\(round).m")
            #expect(report?.findings.allSatisfy { $0.line >= 1 } ?? true, "seed \(seed), round \(round)")
        }
    }

    @Test func deepNestingScans() {
        let depth = 50_000
        let text =
            "#import <Realm/Realm.h>\n" + String(repeating: "[", count: depth) + "realm beginWriteTransaction"
            + String(repeating: "]", count: depth) + String(repeating: "(^{", count: depth)
        #expect(RealmUsageAudit.audit(source: text, path: "Deep.m") != nil)
    }
}
