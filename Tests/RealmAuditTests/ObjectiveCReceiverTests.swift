import Foundation
import RealmAudit
import Testing

/// How Objective-C receivers were recognised: a finding whose receiver no declaration typed says so in its
/// `inference` (by selector, or by the receiver's name), one typed by a declaration does not; every Objective-C
/// finding carries the Swift-facade note, and Swift findings do not.
@Suite struct ObjectiveCReceiverTests {
    static func report() async throws -> RealmAuditReport {
        try await RealmUsageAudit(roots: [ObjectiveCFindingTests.folder]).run()
    }

    @Test func guessedReceiversSaySoAndDeclaredOnesDoNot() async throws {
        let findings = try await Self.report().findings
        let untyped = findings.filter { $0.file == "Kennel/Untyped.m" }
        #expect(untyped.count == 4)
        #expect(
            untyped.map(\.inference) == [
                "receiver inferred from the selector only (beginWriteTransaction)",
                "receiver inferred from the selector only (objectsWhere:)",
                "receiver inferred from its name 'realm'",
                "receiver inferred from the selector only (commitWriteTransaction)",
            ])
        let declared = findings.filter { $0.file == "Kennel/KennelStore.m" || $0.file == "Kennel/AppDelegate.m" }
        #expect(!declared.isEmpty && declared.allSatisfy { $0.inference == nil })
    }

    @Test func everyObjectiveCFindingNotesTheSwiftFacade() async throws {
        let findings = try await Self.report().findings
        let objectiveC = findings.filter { !$0.file.hasSuffix(".swift") }
        #expect(objectiveC.count > 60)
        #expect(objectiveC.allSatisfy { $0.note?.contains("SwiftData has no Objective-C API") == true })
        #expect(findings.filter { $0.file.hasSuffix(".swift") }.allSatisfy { $0.note == nil })
    }

    @Test func lookAlikesAndFilesWithoutRealmGiveNothing() async throws {
        let report = try await Self.report()
        #expect(!report.files.contains { $0.file == "Kennel/LookAlikes.m" })
        #expect(!report.files.contains { $0.file == "Plain/Catalog.m" })
        // A file that sees Realm only through a header and uses none of it is not listed.
        #expect(!report.files.contains { $0.file == "Kennel/Dog.m" })
    }
}
