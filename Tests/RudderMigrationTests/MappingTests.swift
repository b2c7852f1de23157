import Foundation
import RudderMigration
import Testing

/// Behaviours 1 and 2: sources (binary or XML plist, standard defaults, per-key fallback) and the guide's mapping table.
@Suite struct MappingTests {
    static let formats: [PropertyListSerialization.PropertyListFormat] = [.binary, .xml]

    @Test(arguments: formats)
    func guideTableIsAppliedToEveryField(format: PropertyListSerialization.PropertyListFormat) throws {
        let container = try LegacyContainer()
        try container.writePlist(GuideExample.legacyValues, format: format)

        let report = try container.migrator().migrate()
        #expect(report.outcome == .migrated)

        let written = try container.destination()
        #expect(written["anonymous_id"] as? String == GuideExample.anonymousID)
        #expect(written["user_id"] as? String == "user-8231")
        #expect(written["session_id"] as? String == "1699999000")
        #expect(written["is_manual_session"] as? Bool == false)
        #expect(written["last_activity_time"] as? String == "1699999900000")
        #expect(written["rudder.app_version"] as? String == "3.4.1")
        #expect((written["rudder.app_build"] as? NSNumber)?.intValue == 341)
        #expect(written["rudder.app_build"] is String == false)

        // Traits: a JSON string, without anonymousId/userId/id, every other trait kept (nested values too).
        let traitsText = try #require(written["traits"] as? String)
        let traits = try #require(try JSONSerialization.jsonObject(with: Data(traitsText.utf8)) as? [String: Any])
        #expect(Set(traits.keys) == ["email", "plan", "address", "tags"])
        #expect(traits["email"] as? String == "ada@example.com")
        #expect((traits["address"] as? [String: Any])?["city"] as? String == "Lisbon")
        #expect((traits["tags"] as? [Any])?.first as? String == "beta")
    }

    @Test func nothingOutsideTheTableIsWritten() throws {
        let container = try LegacyContainer()
        try container.writePlist(GuideExample.legacyValues)
        _ = try container.migrator().migrate()

        let keys = Set(try container.destination().keys)
        let mapped = Set(RudderField.allCases.map(\.destinationKey))
        #expect(keys.subtracting(RudderMigrationMarker.all) == mapped)
        #expect(!keys.contains { $0.hasPrefix("rl_") || $0.contains("external") || $0.contains("opt") })
    }

    @Test func everyMigratedFieldNamesItsSource() throws {
        let container = try LegacyContainer()
        var plist = GuideExample.legacyValues
        plist["rl_application_version_key"] = nil
        plist["rl_application_build_key"] = nil
        try container.writePlist(plist)
        try container.writeStandardDefaults([
            "rl_application_version_key": "3.4.0", "rl_application_build_key": "340",
            "rl_anonymous_id": "OLDER-ID-FROM-STANDARD-DEFAULTS",
        ])

        let report = try container.migrator().migrate()
        // Per key: the plist wins where it has the key; standard defaults fill the gaps.
        #expect(report.field(.anonymousID) == .migrated(value: .string(GuideExample.anonymousID), source: .legacyPlist))
        #expect(report.field(.appVersion) == .migrated(value: .string("3.4.0"), source: .standardDefaults))
        #expect(report.field(.appBuild) == .migrated(value: .integer(340), source: .standardDefaults))
        #expect(report.field(.sessionID) == .migrated(value: .string("1699999000"), source: .legacyPlist))
    }

    @Test(arguments: formats)
    func standardDefaultsAloneMigrateForSDKsBefore1_25_2(format: PropertyListSerialization.PropertyListFormat) throws {
        let container = try LegacyContainer()
        try container.writeStandardDefaults(GuideExample.legacyValues, format: format)

        let report = try container.migrator().migrate()
        #expect(report.outcome == .migrated)
        #expect(report.sources.first { $0.source == .legacyPlist }?.status == .absent)
        for field in report.fields {
            if case .migrated(_, let source) = field.outcome { #expect(source == .standardDefaults) }
        }
        #expect(try container.destination()["anonymous_id"] as? String == GuideExample.anonymousID)
    }

    @Test func tvOSReadsThePlistFromCaches() throws {
        let container = try LegacyContainer(platform: .tvOS)
        try container.writePlist(GuideExample.legacyValues)
        #expect(container.plistURL.path.hasSuffix("Library/Caches/rsDefaultsPersistence.plist"))

        let report = try container.migrator().migrate()
        #expect(report.field(.anonymousID) == .migrated(value: .string(GuideExample.anonymousID), source: .legacyPlist))
    }

    @Test func userIDFallsBackToTraitsIDAndIsAbsentWhenNeverIdentified() throws {
        let withID = LegacySnapshot(
            plist: [.traits: .string(#"{"anonymousId":"a","id":"from-id","age":3}"#)], standardDefaults: [:],
            sources: [])
        #expect(
            RudderMigrationPlanner.plan(withID, now: LegacyContainer.now).fields[1].outcome
                == .migrated(value: .string("from-id"), source: .legacyPlist))

        let anonymous = LegacySnapshot(
            plist: [.traits: .string(#"{"anonymousId":"a","plan":"free"}"#)], standardDefaults: [:], sources: [])
        let plan = RudderMigrationPlanner.plan(anonymous, now: LegacyContainer.now)
        #expect(plan.fields[1] == FieldReport(.userID, .absent))
        #expect(plan.fields[2].outcome == .migrated(value: .string(#"{"plan":"free"}"#), source: .legacyPlist))
    }

    @Test func userIDPrefersTraitsUserIdOverId() {
        let snapshot = LegacySnapshot(
            plist: [.traits: .string(#"{"id":"from-id","userId":"from-userId","plan":"pro"}"#)],
            standardDefaults: [:], sources: [])
        let plan = RudderMigrationPlanner.plan(snapshot, now: LegacyContainer.now)
        #expect(plan.writes["user_id"] == .string("from-userId"))
        #expect(plan.writes["traits"] == .string(#"{"plan":"pro"}"#))
    }

    @Test func traitsHoldingOnlyIdentifiersAreNotWritten() throws {
        let snapshot = LegacySnapshot(
            plist: [.traits: .string(#"{"anonymousId":"a","userId":"u","id":"u"}"#)], standardDefaults: [:],
            sources: [])
        let plan = RudderMigrationPlanner.plan(snapshot, now: LegacyContainer.now)
        #expect(plan.writes["user_id"] == .string("u"))
        #expect(plan.writes["traits"] == nil)
        guard case .skipped = plan.fields[2].outcome else {
            Issue.record("traits should be skipped with a reason, got \(plan.fields[2].outcome)")
            return
        }
    }

    @Test func autoTrackFalseBecomesManualSessionTrue() {
        let snapshot = LegacySnapshot(
            plist: [.sessionAutoTrackStatus: .boolean(false)], standardDefaults: [:], sources: [])
        #expect(
            RudderMigrationPlanner.plan(snapshot, now: LegacyContainer.now).writes == [
                "is_manual_session": .boolean(true)
            ])
    }
}
