import Foundation
import RealmAudit
import Testing

/// Every Objective-C finding of the audit's Objective-C inputs (`ObjectiveCInputs/`: a kennel app's models, store,
/// app delegate, untyped receivers, look-alikes, a file that imports no Realm, and a mixed Swift/Objective-C
/// folder): category, api, line, column and effort exactly as the `// expect:` comments say, and nothing else.
@Suite struct ObjectiveCFindingTests {
    static let folder = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
        .appendingPathComponent("ObjectiveCInputs")

    @Test func everyFindingIsExpectedAndEveryExpectationFound() async throws {
        let expected = try AuditInputs.expectations(in: Self.folder, extensions: [".swift", ".h", ".m", ".mm"])
        let report = try await RealmUsageAudit(roots: [Self.folder]).run()
        let actual = AuditInputs.actual(report)
        let missing = expected.subtracting(actual).sorted { $0.description < $1.description }
        let unexpected = actual.subtracting(expected).sorted { $0.description < $1.description }
        #expect(missing.isEmpty, "missing:\n\(missing.map(\.description).joined(separator: "\n"))")
        #expect(unexpected.isEmpty, "unexpected:\n\(unexpected.map(\.description).joined(separator: "\n"))")
        #expect(expected.count > 60)
    }
}
