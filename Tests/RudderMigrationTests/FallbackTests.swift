import Foundation
import RudderMigration
import Testing

/// Behaviours 1 and 6 together: per key the plist wins, but a plist value that cannot be migrated is a gap, so standard
/// defaults' value for the same key fills it when it can be migrated; when neither can, the plist's reason is reported.
@Suite struct FallbackTests {
    static let now = LegacyContainer.now

    static func plan(
        plist: [LegacyKey: PropertyListValue], standardDefaults: [LegacyKey: PropertyListValue]
    ) -> RudderMigrationPlan {
        RudderMigrationPlanner.plan(
            LegacySnapshot(plist: plist, standardDefaults: standardDefaults, sources: []), now: now)
    }

    static func report(_ field: RudderField, in plan: RudderMigrationPlan) throws -> FieldReport {
        try #require(plan.fields.first { $0.field == field })
    }

    @Test func anAnonymousIDOfTheWrongTypeInThePlistMigratesFromStandardDefaults() throws {
        let plan = Self.plan(
            plist: [.anonymousID: .integer(42)], standardDefaults: [.anonymousID: .string(GuideExample.anonymousID)])
        let report = try Self.report(.anonymousID, in: plan)
        #expect(report.outcome == .migrated(value: .string(GuideExample.anonymousID), source: .standardDefaults))
        let passedOver = try #require(report.plistValuePassedOver)
        #expect(passedOver.contains("rl_anonymous_id") && passedOver.contains("an integer"))
        #expect(plan.writes["anonymous_id"] == .string(GuideExample.anonymousID))
    }

    @Test func corruptTraitsInThePlistMigrateTraitsAndUserIDFromStandardDefaults() throws {
        let plan = Self.plan(
            plist: [.traits: .string("{\"userId\":\"someone-else\""), .anonymousID: .string(GuideExample.anonymousID)],
            standardDefaults: [.traits: .string(GuideExample.traitsJSON)])
        let userID = try Self.report(.userID, in: plan)
        #expect(userID.outcome == .migrated(value: .string(GuideExample.userID), source: .standardDefaults))
        #expect(userID.plistValuePassedOver?.contains("not a JSON object") == true)
        let traits = try Self.report(.traits, in: plan)
        guard case .migrated(.string(let text), .standardDefaults) = traits.outcome else {
            Issue.record("traits should migrate from standard defaults, got \(traits.outcome)")
            return
        }
        let object = try #require(try JSONSerialization.jsonObject(with: Data(text.utf8)) as? [String: Any])
        #expect(Set(object.keys) == ["email", "plan", "address", "tags"])
        #expect(traits.plistValuePassedOver == userID.plistValuePassedOver)
        // The plist's valid values still win for the other keys, with nothing passed over.
        let anonymousID = try Self.report(.anonymousID, in: plan)
        #expect(anonymousID.outcome == .migrated(value: .string(GuideExample.anonymousID), source: .legacyPlist))
        #expect(anonymousID.plistValuePassedOver == nil)
    }

    @Test func aNonIntegerBuildInThePlistMigratesFromStandardDefaults() throws {
        let plan = Self.plan(
            plist: [.applicationBuild: .string("1.2.3")], standardDefaults: [.applicationBuild: .string("341")])
        let report = try Self.report(.appBuild, in: plan)
        #expect(report.outcome == .migrated(value: .integer(341), source: .standardDefaults))
        #expect(report.plistValuePassedOver?.contains("not an integer") == true)
    }

    @Test func aFutureTimestampInThePlistMigratesFromStandardDefaults() throws {
        let plan = Self.plan(
            plist: [.lastEventTimestamp: .integer(4_000_000_000)],
            standardDefaults: [.lastEventTimestamp: .integer(GuideExample.lastEvent)])
        let report = try Self.report(.lastActivityTime, in: plan)
        #expect(report.outcome == .migrated(value: .string("1699999900000"), source: .standardDefaults))
        #expect(report.plistValuePassedOver?.contains("after now") == true)
    }

    static let bothUnusable: [(LegacyKey, PropertyListValue, PropertyListValue)] = [
        (.anonymousID, .integer(42), .boolean(true)),
        (.anonymousID, .data(Data([1])), .string("")),
        (.traits, .string("{not json"), .string("[1]")),
        (.traits, .integer(3), .dictionary(["userId": .string("u")])),
        (.applicationBuild, .string("1.2.3"), .integer(341)),
        (.sessionID, .string("1699999000"), .integer(-5)),
    ]

    @Test(arguments: bothUnusable)
    func whenBothSourcesAreUnusableTheFieldIsSkippedWithThePlistsReason(
        key: LegacyKey, plistValue: PropertyListValue, standardDefaultsValue: PropertyListValue
    ) throws {
        let plan = Self.plan(plist: [key: plistValue], standardDefaults: [key: standardDefaultsValue])
        let plistOnly = Self.plan(plist: [key: plistValue], standardDefaults: [:])
        let affected = plan.fields.filter { $0.field.legacyKey == key }
        #expect(!affected.isEmpty)
        for report in affected {
            guard case .skipped(_, .legacyPlist) = report.outcome else {
                Issue.record("\(report.field) should be skipped with the plist's reason, got \(report.outcome)")
                continue
            }
            #expect(report == (try Self.report(report.field, in: plistOnly)))
            #expect(report.plistValuePassedOver == nil)
        }
        #expect(plan.writes.isEmpty)
    }

    @Test func aUsablePlistValueStillWinsOverStandardDefaults() throws {
        let plan = Self.plan(
            plist: [.anonymousID: .string(GuideExample.anonymousID), .traits: .string(#"{"userId":"from-plist"}"#)],
            standardDefaults: [.anonymousID: .string("other"), .traits: .string(GuideExample.traitsJSON)])
        #expect(plan.writes["anonymous_id"] == .string(GuideExample.anonymousID))
        #expect(plan.writes["user_id"] == .string("from-plist"))
        #expect(plan.fields.allSatisfy { $0.plistValuePassedOver == nil })
    }

    /// End to end on files: the identity that only standard defaults hold readably reaches the destination, and the
    /// report (text and JSON) says where it came from and why the plist's value was passed over.
    @Test func migrateWritesTheStandardDefaultsValueAndReportsWhy() throws {
        let container = try LegacyContainer()
        var plist = GuideExample.legacyValues
        plist["rl_anonymous_id"] = NSNumber(value: 7)
        plist["rl_traits"] = "{broken"
        try container.writePlist(plist)
        try container.writeStandardDefaults(GuideExample.legacyValues)

        let report = try container.migrator().migrate()
        #expect(report.outcome == .migrated)
        let written = try container.destination()
        #expect(written["anonymous_id"] as? String == GuideExample.anonymousID)
        #expect(written["user_id"] as? String == GuideExample.userID)
        #expect(written["session_id"] as? String == "1699999000")

        let object = try #require(
            try JSONSerialization.jsonObject(with: Data(report.jsonString().utf8)) as? [String: Any])
        let fields = try #require(object["fields"] as? [[String: Any]])
        let anonymousID = try #require(fields.first { $0["field"] as? String == "anonymous_id" })
        #expect(anonymousID["source"] as? String == "standard-defaults")
        #expect((anonymousID["plistValuePassedOver"] as? String)?.contains("rl_anonymous_id") == true)
        let session = try #require(fields.first { $0["field"] as? String == "session_id" })
        #expect(session["source"] as? String == "legacy-plist")
        #expect(session["plistValuePassedOver"] == nil)
        #expect(report.text.contains("legacy plist value passed over"))

        let decoded = try JSONDecoder().decode(RudderMigrationReport.self, from: Data(report.jsonString().utf8))
        #expect(decoded == report)
    }

    /// Reports written before the field existed still decode.
    @Test func aFieldReportWithoutThePassedOverNoteDecodes() throws {
        let json =
            #"{"field":"anonymous_id","legacyKey":"rl_anonymous_id","status":"migrated","value":"A","source":"legacy-plist"}"#
        let report = try JSONDecoder().decode(FieldReport.self, from: Data(json.utf8))
        #expect(report == FieldReport(.anonymousID, .migrated(value: .string("A"), source: .legacyPlist)))
    }
}
