import Foundation
import RudderMigration
import Testing

/// `.auto`: which legacy SDK line's storage is read, decided from the keys present, and the reason in the report.
@Suite struct SourceDetectionTests {
    @Test func v2KeysInStandardDefaultsSelectV2() throws {
        let container = try LegacyContainer()
        try container.writeStandardDefaults(try V2Example.values())

        let report = try container.migrator(v2DeviceID: .known(V2Example.deviceID)).migrate()
        #expect(report.legacySDK == .v2)
        let selection = try #require(report.legacySDKSelection)
        #expect(selection.hasPrefix("auto: standard defaults hold v2 keys (rl_session_manual_track_status"))
        #expect(selection.hasSuffix("and no v1 key"))
        #expect(try container.destination()["user_id"] as? String == V2Example.userID)
    }

    @Test func v1DataSelectsV1() throws {
        let container = try LegacyContainer()
        try container.writePlist(GuideExample.legacyValues)

        let report = try container.migrator().migrate()
        #expect(report.legacySDK == .v1)
        #expect(
            report.legacySDKSelection?.hasPrefix("auto: no v2 key in standard defaults (found: the legacy plist")
                == true)
        #expect(try container.destination()["anonymous_id"] as? String == GuideExample.anonymousID)
    }

    /// Both lines write the session keys, so they alone say nothing; the v1 rules (the default) apply.
    @Test func sharedSessionKeysAloneSelectV1() throws {
        let container = try LegacyContainer()
        try container.writeStandardDefaults(["rl_session_id": NSNumber(value: 1_699_999_000)])

        let report = container.migrator().inspect()
        #expect(report.legacySDK == .v1)
        #expect(report.legacySDKSelection == "auto: no v2 key in standard defaults (found: no key of either SDK)")
    }

    @Test func dataOfBothLinesSelectsV2AndSaysSo() throws {
        let container = try LegacyContainer()
        try container.writePlist(GuideExample.legacyValues)
        try container.writeStandardDefaults(try V2Example.values())

        let report = try container.migrator(v2DeviceID: .known(V2Example.deviceID)).migrate()
        #expect(report.legacySDK == .v2)
        #expect(report.legacySDKSelection?.contains("both present") == true)
        #expect(report.sources.map(\.source) == [.legacyPlist, .standardDefaults])
        #expect(try container.destination()["anonymous_id"] as? String == V2Example.deviceID.lowercased())

        let v1 = try LegacyContainer()
        try v1.writePlist(GuideExample.legacyValues)
        try v1.writeStandardDefaults(try V2Example.values())
        let chosen = try v1.migrator(source: .v1).migrate()
        #expect(chosen.legacySDK == .v1 && chosen.legacySDKSelection == "chosen: v1")
        #expect(try v1.destination()["anonymous_id"] as? String == GuideExample.anonymousID)
    }

    @Test func anUnreadableLegacyPlistDefersAutoDetection() throws {
        let container = try LegacyContainer()
        try container.writePlist(GuideExample.legacyValues)
        try container.writeStandardDefaults(try V2Example.values())
        let files = ScriptedFileAccess()
        files.failReads(of: container.plistURL, with: .notPermitted)

        let report = try container.migrator(v2DeviceID: .known(V2Example.deviceID), fileAccess: files).migrate()
        #expect(report.outcome == .deferred)
    }
}
