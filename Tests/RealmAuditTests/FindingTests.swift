import Foundation
import RealmAudit
import Testing

/// Every API of every category in the audit's own inputs: category, api, line, column and effort of each finding
/// are exactly what the inputs' `// expect:` comments say, and nothing else is found.
@Suite struct FindingTests {
    @Test func everyFindingIsExpectedAndEveryExpectationFound() async throws {
        let expected = try AuditInputs.expectations()
        let actual = AuditInputs.actual(try await AuditInputs.report())
        let missing = expected.subtracting(actual).sorted { $0.description < $1.description }
        let unexpected = actual.subtracting(expected).sorted { $0.description < $1.description }
        #expect(missing.isEmpty, "missing:\n\(missing.map(\.description).joined(separator: "\n"))")
        #expect(unexpected.isEmpty, "unexpected:\n\(unexpected.map(\.description).joined(separator: "\n"))")
        #expect(expected.count > 100)
    }

    @Test func everyCategoryIsCovered() async throws {
        let report = try await AuditInputs.report()
        for category in RealmAuditCategory.allCases {
            #expect((report.totals.byCategory[category] ?? 0) > 0, "\(category)")
        }
    }
}
