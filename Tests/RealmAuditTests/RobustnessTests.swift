import Foundation
import RealmAudit
import SwiftSourceSyntax
import TestSupport
import Testing

/// Source is untrusted input: malformed files give the findings of what reads and a diagnostic (file:line) for what
/// does not; any bytes, cut anywhere or edited at random (seeded, the seed printed), are scanned without a trap.
@Suite struct RobustnessTests {
    @Test func malformedSourceGivesFindingsForWhatParsesAndADiagnosticForWhatDoesNot() throws {
        let source = """
            import RealmSwift

            class Broken: Object {
                @Persisted var name: String
                func load(realm: Realm) {
                    let dogs = realm.objects(Dog.self)
                    let title = "never closed
                    try! realm.write { realm.add(Dog()) }

            func later() {
                let realm = try! Realm()
            }
            """
        let report = try #require(RealmUsageAudit.audit(source: source, path: "Broken.swift"))
        let found = report.findings.map { "\($0.line):\($0.api)" }
        #expect(found.contains("3:Object subclass") && found.contains("4:@Persisted"))
        #expect(found.contains("6:objects(_:)") && found.contains("8:write(_:)") && found.contains("8:add(_:update:)"))
        #expect(found.contains("11:Realm()"))
        let diagnostics = report.diagnostics.map(\.description)
        #expect(diagnostics.contains("Broken.swift:7: warning: unterminated string literal"))
        #expect(diagnostics.contains { $0.hasPrefix("Broken.swift:3: warning: 'class Broken' is never closed") })
    }

    static let inputs: [String] = {
        let files = (try? FileManager.default.contentsOfDirectory(atPath: AuditInputs.folder.path)) ?? []
        return files.sorted().compactMap {
            try? String(contentsOf: AuditInputs.folder.appendingPathComponent($0), encoding: .utf8)
        }
    }()

    @Test func everyTruncationOfAnInputScans() {
        #expect(Self.inputs.count == 13)
        for source in Self.inputs.prefix(4) {
            let bytes = Array(source.utf8)
            for length in stride(from: 0, through: bytes.count, by: 3) {
                let text = String(decoding: bytes[..<length], as: UTF8.self)
                let report = RealmUsageAudit.audit(source: text, path: "T.swift")
                #expect(report?.findings.allSatisfy { $0.line >= 1 && $0.column >= 1 } ?? true)
            }
        }
    }

    @Test func randomEditsOfTheInputsScan() {
        var generator = SeededRandomNumberGenerator.replayable("RobustnessTests.randomEditsOfTheInputsScan")
        let seed = generator.seed
        for round in 0..<300 {
            guard let source = Self.inputs.randomElement(using: &generator) else { continue }
            let text = SourceEdits.edited(source, using: &generator)
            let report = RealmUsageAudit.audit(source: text, path: "R\(round).swift")
            let lines = text.split(separator: "\n", omittingEmptySubsequences: false).count
            #expect(
                report?.findings.allSatisfy { $0.line >= 1 && $0.line <= lines } ?? true, "seed \(seed), round \(round)"
            )
            #expect(report?.diagnostics.allSatisfy { $0.line >= 1 } ?? true, "seed \(seed), round \(round)")
        }
    }

    @Test func randomSwiftLookingTextScans() {
        var generator = SeededRandomNumberGenerator.replayable("RobustnessTests.randomSwiftLookingTextScans")
        let seed = generator.seed
        for round in 0..<200 {
            let text =
                "import RealmSwift\n"
                + SwiftLookingText.generate(count: Int.random(in: 1...4_000, using: &generator), seed: generator.next())
            let report = RealmUsageAudit.audit(source: text, path: "A.swift")
            #expect(report != nil, "seed \(seed), round \(round)")
            for finding in report?.findings ?? [] {
                let query = finding.query?.expression
                #expect(
                    (query.map { $0.startOffset <= $0.endOffset && $0.endOffset <= text.utf8.count }) ?? true,
                    "seed \(seed), round \(round)")
            }
        }
    }

    @Test func deepNestingAndAMegabyteScan() throws {
        let depth = 100_000
        let nested =
            "import RealmSwift\n" + String(repeating: "DispatchQueue.global().async {\n", count: depth)
            + "let realm = try! Realm()\n" + String(repeating: "(", count: depth) + String(repeating: "[", count: depth)
        let report = RealmUsageAudit.audit(source: nested, path: "Deep.swift")
        #expect(report?.findings.map(\.api).sorted() == ["Realm()", "Realm() inside DispatchQueue.async"])
        // A megabyte of real-looking code: 300 copies of an input, 300 times its findings.
        let text = try String(contentsOf: AuditInputs.folder.appendingPathComponent("Threading.swift"), encoding: .utf8)
        let one = try #require(RealmUsageAudit.audit(source: text, path: "One.swift"))
        let big = try #require(RealmUsageAudit.audit(source: String(repeating: text, count: 300), path: "Big.swift"))
        let expected = try AuditInputs.expectations().filter { $0.file == "Threading.swift" }.count
        #expect(one.findings.count == expected && big.findings.count == 300 * expected)
    }
}
