import Foundation
import RealmAudit
import Testing

/// The plan of a codebase with Objective-C uses: an Objective-C facade step after data migration listing the
/// Objective-C files that use Realm, the Objective-C findings in the same phases as Swift's, and both renderings
/// saying so.
@Suite struct ObjectiveCPlanTests {
    @Test func aMixedCodebaseGetsAFacadeStepListingItsObjectiveCFiles() async throws {
        let report = try await RealmUsageAudit(roots: [ObjectiveCFindingTests.folder]).run()
        #expect(
            report.plan.map(\.phase.rawValue) == [
                "models", "data-migration", "objective-c-facade", "queries-and-writes", "threading",
                "observation-and-swiftui", "sync", "removing-realm",
            ])
        let facade = try #require(report.plan.first { $0.phase == .objectiveCFacade })
        #expect(
            facade.files == [
                "Kennel/AppDelegate.m", "Kennel/Background.m", "Kennel/Dog.h", "Kennel/KennelStore.h",
                "Kennel/KennelStore.m", "Kennel/Untyped.m", "Mixed/NoteList.m",
            ])
        #expect(facade.findings.isEmpty && facade.carryover.contains("@objc"))
        let queries = try #require(report.plan.first { $0.phase == .queriesAndWrites })
        #expect(queries.findings.contains { $0.file == "Mixed/Note.swift" })
        #expect(queries.findings.contains { $0.file == "Mixed/NoteList.m" && $0.api == "-[RLMRealm objects:where:]" })
        #expect(report.swiftFiles == 1 && report.objectiveCFiles == 10)
    }

    @Test func markdownAndJSONShowTheFacadeAndTheObjectiveCFiles() async throws {
        let report = try await RealmUsageAudit(roots: [ObjectiveCFindingTests.folder]).run()
        let markdown = report.markdown()
        #expect(markdown.contains("1 Swift file and 10 Objective-C files"))
        #expect(markdown.contains("### 3. Objective-C callers: a Swift facade over ModelContext"))
        #expect(
            markdown.contains(
                "- `Kennel/KennelStore.m:9:12` **-[RLMRealm beginWriteTransaction]** (trivial, by hand): "
                    + "change the models in a ModelContext (a transaction begins implicitly) "
                    + "(Objective-C: through the Swift facade)"))
        let json = report.json()
        #expect(json.contains(#""phase" : "objective-c-facade""#) && json.contains(#""objectiveCFiles" : 10"#))
        #expect(json.contains(#""swiftEquivalent" : "realm.objects(Dog.self)""#))
        #expect(report.json() == json && report.markdown() == markdown)
    }

    /// `realm models` carries the schema version and migration block of Swift configurations only: an Objective-C
    /// configuration's, and the migration API its block calls, stay by hand, and say so.
    @Test func anObjectiveCMigrationBlockIsNotCarried() async throws {
        let report = try await RealmUsageAudit(roots: [ObjectiveCFindingTests.folder]).run()
        let blocks = report.findings.filter { $0.category == .schemaMigration && $0.file.hasSuffix(".m") }
        #expect(blocks.contains { $0.api == "RLMRealmConfiguration.migrationBlock" })
        #expect(blocks.allSatisfy { $0.convertedBy == .byHand && $0.equivalent.hasPrefix("not carried") })
    }
}
