import Foundation
import RudderMigration
import Testing

/// Behaviours 4, 5 and 6: corrupt traits, a non-integer build, values of the wrong type and unreadable files.
@Suite struct CorruptValueTests {
    static let now = LegacyContainer.now

    static func snapshot(_ overrides: [LegacyKey: PropertyListValue]) -> LegacySnapshot {
        var values: [LegacyKey: PropertyListValue] = [
            .anonymousID: .string(GuideExample.anonymousID), .traits: .string(GuideExample.traitsJSON),
            .sessionID: .integer(GuideExample.sessionID), .sessionAutoTrackStatus: .boolean(true),
            .lastEventTimestamp: .integer(GuideExample.lastEvent), .applicationVersion: .string("3.4.1"),
            .applicationBuild: .string("341"),
        ]
        for (key, value) in overrides { values[key] = value }
        return LegacySnapshot(plist: values, standardDefaults: [:], sources: [])
    }

    static func isSkipped(_ outcome: FieldReport.Outcome?) -> Bool {
        if case .skipped(let reason, _)? = outcome { return !reason.isEmpty }
        return false
    }

    @Test(arguments: [
        PropertyListValue.string("{not json"), .string("[1,2,3]"), .string("\"a string\""), .string("42"),
        .string(""), .integer(7), .dictionary(["userId": .string("u")]), .data(Data("{}".utf8)),
    ])
    func traitsThatAreNotAJSONObjectSkipTraitsAndUserIDOnly(traits: PropertyListValue) {
        let plan = RudderMigrationPlanner.plan(Self.snapshot([.traits: traits]), now: Self.now)
        let report = RudderMigrationReport(
            outcome: .migrated, detail: "", isPreview: true, destination: "", fields: plan.fields)
        #expect(Self.isSkipped(report.field(.traits)))
        #expect(Self.isSkipped(report.field(.userID)))
        #expect(plan.writes.count == 6)
        #expect(plan.writes["anonymous_id"] == .string(GuideExample.anonymousID))
    }

    @Test(arguments: ["1.2.3", "", "12a", " 341", "9223372036854775808"])
    func nonIntegerBuildIsSkippedAndVersionStillMigrates(build: String) {
        let plan = RudderMigrationPlanner.plan(Self.snapshot([.applicationBuild: .string(build)]), now: Self.now)
        guard case .skipped(let reason, .legacyPlist) = plan.fields[7].outcome else {
            Issue.record("build \(build) should be skipped, got \(plan.fields[7].outcome)")
            return
        }
        #expect(reason.contains("not an integer"))
        #expect(plan.writes["rudder.app_version"] == .string("3.4.1"))
        #expect(plan.writes["rudder.app_build"] == nil)
    }

    @Test func buildWithASignIsParsedLikeTheSwiftSDKParsesCFBundleVersion() {
        let plan = RudderMigrationPlanner.plan(Self.snapshot([.applicationBuild: .string("+12")]), now: Self.now)
        #expect(plan.writes["rudder.app_build"] == .integer(Int("+12") ?? -1))
    }

    static let wrongTypes: [(LegacyKey, PropertyListValue)] = [
        (.anonymousID, .integer(5)), (.anonymousID, .boolean(true)), (.sessionID, .string("1699999000")),
        (.sessionAutoTrackStatus, .integer(1)), (.sessionAutoTrackStatus, .string("YES")),
        (.lastEventTimestamp, .date(Date(timeIntervalSince1970: 1))), (.lastEventTimestamp, .boolean(true)),
        (.applicationVersion, .real(3.4)), (.applicationBuild, .integer(341)), (.applicationBuild, .array([])),
    ]

    @Test(arguments: wrongTypes)
    func aValueOfTheWrongTypeSkipsThatFieldOnly(key: LegacyKey, value: PropertyListValue) {
        let plan = RudderMigrationPlanner.plan(Self.snapshot([key: value]), now: Self.now)
        let affected = plan.fields.filter { $0.field.legacyKey == key }
        for report in affected {
            guard case .skipped(let reason, .legacyPlist) = report.outcome else {
                Issue.record("\(report.field) should be skipped for \(value)")
                continue
            }
            #expect(reason.contains(key.rawValue) && reason.contains("expected"))
        }
        #expect(plan.writes.count == 8 - affected.count)
    }

    @Test(arguments: [Data(), Data("not a plist".utf8), Data("bplist00".utf8) + Data(repeating: 0xFF, count: 40)])
    func aLegacyPlistThatIsNotAPropertyListIsSkippedAndStandardDefaultsMigrate(bytes: Data) throws {
        let container = try LegacyContainer()
        try FileManager.default.createDirectory(
            at: container.plistURL.deletingLastPathComponent(), withIntermediateDirectories: true)
        try bytes.write(to: container.plistURL)
        try container.writeStandardDefaults(GuideExample.legacyValues)

        let report = try container.migrator().migrate()
        #expect(report.outcome == .migrated)
        let plist = try #require(report.sources.first { $0.source == .legacyPlist })
        #expect(plist.status == .corrupt)
        #expect(plist.reason != nil)
        #expect(try container.destination()["anonymous_id"] as? String == GuideExample.anonymousID)
    }

    @Test func aPlistWhoseTopLevelIsNotADictionaryIsCorrupt() throws {
        let container = try LegacyContainer()
        try FileManager.default.createDirectory(
            at: container.plistURL.deletingLastPathComponent(), withIntermediateDirectories: true)
        try PropertyListSerialization.data(fromPropertyList: ["rl_anonymous_id"], format: .binary, options: 0)
            .write(to: container.plistURL)
        let report = try container.migrator().migrate()
        #expect(report.outcome == .nothingToMigrate)
        #expect(report.sources.first?.status == .corrupt)
    }

    @Test func aCorruptStandardDefaultsFileIsSkippedAndThePlistMigrates() throws {
        let container = try LegacyContainer()
        try container.writePlist(GuideExample.legacyValues)
        try FileManager.default.createDirectory(
            at: container.standardDefaultsURL.deletingLastPathComponent(), withIntermediateDirectories: true)
        try Data("garbage".utf8).write(to: container.standardDefaultsURL)
        let report = try container.migrator().migrate()
        #expect(report.outcome == .migrated)
        #expect(report.sources.last?.status == .corrupt)
    }
}
