import Foundation
import TestSupport
import Testing

/// `carryover realm audit` on an app with Objective-C files, run in-process: the summary counts them, the report
/// has the facade step, a single `.m` file is audited, and malformed Objective-C is a warning on stderr.
@Suite struct AuditObjectiveCCommandTests {
    static let inputs = Fixtures.packageRoot.appendingPathComponent("Tests/RealmAuditTests/ObjectiveCInputs")

    @Test func theSummaryCountsObjectiveCFilesAndTheReportHasTheFacade() async throws {
        let folder = try TemporaryDirectory()
        defer { folder.remove() }
        let report = folder.appending("REPORT.md")
        let result = await InProcessCarryover.run(["realm", "audit", Self.inputs.path, "--output", report.path])
        #expect(result.status == 0, "\(result.standardError)")
        #expect(result.standardOutput.hasPrefix("Audited 1 Swift files and 10 Objective-C files (8 import Realm): "))
        let written = try String(contentsOf: report, encoding: .utf8)
        #expect(written.contains("### 3. Objective-C callers: a Swift facade over ModelContext"))
        #expect(written.contains("```objc\n// Realm\n[Dog allObjects]\n```"))
    }

    @Test func aSingleObjectiveCFileIsAuditedAndItsBrokenPartsAreWarnings() async throws {
        let folder = try TemporaryDirectory()
        defer { folder.remove() }
        let file = folder.appending("Broken.m")
        try Data("#import <Realm/Realm.h>\nvoid f(void) { [[RLMRealm defaultRealm] deleteAllObjects]; }\n/* open".utf8)
            .write(to: file)
        let result = await InProcessCarryover.run(["realm", "audit", file.path, "--json"])
        #expect(result.status == 0)
        #expect(result.standardOutput.contains(#""api" : "-[RLMRealm deleteAllObjects]""#))
        #expect(result.standardError.contains("Broken.m:3: warning: "))
    }
}
