import Foundation
import RudderMigration
import Testing

/// The RudderStack iOS SDK v2 line as a source: its keys in standard defaults, the archived traits, the device's
/// anonymous id, and the v1 path's guarantees on this data.
@Suite struct V2SourceTests {
    static let device = RudderV2DeviceID.known(V2Example.deviceID)

    @Test func v2TableIsAppliedToEveryField() throws {
        let container = try LegacyContainer()
        try container.writeStandardDefaults(try V2Example.values())

        let report = try container.migrator(source: .v2, v2DeviceID: Self.device).migrate()
        #expect(report.outcome == .migrated)
        #expect(report.legacySDK == .v2)
        #expect(report.legacySDKSelection == "chosen: v2")

        let written = try container.destination()
        #expect(written["anonymous_id"] as? String == V2Example.deviceID.lowercased())
        #expect(written["user_id"] as? String == "user-8231")
        #expect(
            written["traits"] as? String
                == #"{"address":{"city":"Lisbon"},"email":"ada@example.com","plan":"pro","vip":true}"#)
        #expect(written["session_id"] as? String == "1699999000")
        // Not inverted, and not taken from the auto-track flag (which is true here).
        #expect(written["is_manual_session"] as? Bool == false)
        #expect(written["last_activity_time"] as? String == "1699999900000")
        #expect(written["rudder.app_version"] as? String == "3.4.1")
        #expect((written["rudder.app_build"] as? NSNumber)?.intValue == 341)
        #expect(
            Set(written.keys).subtracting(RudderMigrationMarker.all) == Set(RudderField.allCases.map(\.destinationKey)))

        #expect(
            report.field(.anonymousID)
                == .migrated(value: .string(V2Example.deviceID.lowercased()), source: .vendorIdentifier))
        let legacyKeys = report.fields.map(\.legacyKey)
        #expect(
            legacyKeys == [
                "rs_anonymous_id", "rs_user_id", "rs_traits", "rl_session_id", "rl_session_manual_track_status",
                "rl_last_event_time_stamp", "rs_application_version_key", "rs_application_build_key",
            ])
    }

    @Test func aManualSessionStaysManual() throws {
        let container = try LegacyContainer()
        var values = try V2Example.values()
        values["rl_session_manual_track_status"] = true
        values["rl_session_auto_track_status"] = false
        try container.writeStandardDefaults(values)

        _ = try container.migrator(source: .v2, v2DeviceID: Self.device).migrate()
        #expect(try container.destination()["is_manual_session"] as? Bool == true)
    }

    @Test func rsAnonymousIDWinsOverTheDevice() throws {
        let container = try LegacyContainer()
        var values = try V2Example.values()
        values["rs_anonymous_id"] = "App-Set-Id"
        try container.writeStandardDefaults(values)

        let report = try container.migrator(source: .v2, v2DeviceID: Self.device).migrate()
        #expect(report.field(.anonymousID) == .migrated(value: .string("App-Set-Id"), source: .standardDefaults))
    }

    @Test func withoutTheDeviceIDTheRestMigratesAndTheReportSaysWhy() throws {
        let container = try LegacyContainer()
        try container.writeStandardDefaults(try V2Example.values())

        let report = try container.migrator(source: .v2, v2DeviceID: .unknown(reason: "no --anonymous-id")).migrate()
        #expect(report.outcome == .migrated)
        guard case .skipped(let reason, nil) = report.field(.anonymousID) else {
            Issue.record("anonymous_id should be skipped, got \(String(describing: report.field(.anonymousID)))")
            return
        }
        #expect(reason.contains("identifierForVendor") && reason.contains("no --anonymous-id"))
        let written = try container.destination()
        #expect(written["anonymous_id"] == nil)
        #expect(written["user_id"] as? String == "user-8231")
        #expect(written[RudderMigrationMarker.completed] != nil)
    }

    @Test func aDeviceIDNotYetAvailableDefersTheRun() throws {
        let container = try LegacyContainer()
        try container.writeStandardDefaults(try V2Example.values())

        let report = try container.migrator(source: .v2, v2DeviceID: .notYetAvailable).migrate()
        #expect(report.outcome == .deferred)
        #expect(report.detail.contains("identifierForVendor"))
        let written = try container.destination()
        #expect(written.keys.sorted() == [RudderMigrationMarker.deferred])

        let later = try container.migrator(source: .v2, v2DeviceID: Self.device).migrate()
        #expect(later.outcome == .migrated)
        #expect(try container.destination()["anonymous_id"] as? String == V2Example.deviceID.lowercased())
    }

    @Test func theDeviceIDIsNotUsedWhenTheV2SDKNeverRan() throws {
        let container = try LegacyContainer()
        let report = try container.migrator(source: .v2, v2DeviceID: Self.device).migrate()
        #expect(report.outcome == .nothingToMigrate)
        #expect(report.field(.anonymousID) == .absent)
        #expect(try container.destination()["anonymous_id"] == nil)
    }

    /// v2.2.6–v2.3.0 wrote only the app version and server config, yet the device id was already the anonymous id.
    @Test func theDeviceIDIsUsedWhenOnlyUnmigratedV2KeysShowTheSDKRan() throws {
        let container = try LegacyContainer()
        try container.writeStandardDefaults(["rs_server_config": Data([1]), "rs_opt_status": true])
        let report = try container.migrator(source: .v2, v2DeviceID: Self.device).migrate()
        #expect(report.outcome == .migrated)
        #expect(try container.destination()["anonymous_id"] as? String == V2Example.deviceID.lowercased())
    }

    @Test(arguments: ["userId", "id"])
    func theUserIDFallsBackToTheTraits(_ key: String) throws {
        let container = try LegacyContainer()
        var values = try V2Example.values()
        values["rs_user_id"] = nil
        values["rs_traits"] = try V2Example.archive([key: "from-traits", "plan": "pro"])
        try container.writeStandardDefaults(values)

        let report = try container.migrator(source: .v2, v2DeviceID: Self.device).migrate()
        let userID = try #require(report.fields.first { $0.field == .userID })
        #expect(userID.outcome == .migrated(value: .string("from-traits"), source: .standardDefaults))
        #expect(userID.legacyKey == "rs_traits")
        #expect(try container.destination()["traits"] as? String == #"{"plan":"pro"}"#)
    }

    @Test func rsUserIDWinsOverTheTraits() throws {
        let container = try LegacyContainer()
        var values = try V2Example.values()
        values["rs_traits"] = try V2Example.archive(["userId": "older", "plan": "pro"])
        try container.writeStandardDefaults(values)

        let report = try container.migrator(source: .v2, v2DeviceID: Self.device).migrate()
        #expect(report.field(.userID) == .migrated(value: .string("user-8231"), source: .standardDefaults))
    }

    @Test(arguments: [true, false])
    func aCorruptArchiveSkipsTraitsAndAUserIDOnlyTheyHeld(hasStoredUserID: Bool) throws {
        let container = try LegacyContainer()
        var values = try V2Example.values()
        var archive = try V2Example.archive(V2Example.traits)
        archive.removeLast(40)
        values["rs_traits"] = archive
        if !hasStoredUserID { values["rs_user_id"] = nil }
        try container.writeStandardDefaults(values)

        let report = try container.migrator(source: .v2, v2DeviceID: Self.device).migrate()
        #expect(report.outcome == .migrated)
        guard case .skipped(let reason, .standardDefaults) = report.field(.traits) else {
            Issue.record("traits should be skipped, got \(String(describing: report.field(.traits)))")
            return
        }
        #expect(reason.contains("rs_traits is not a readable keyed archive"))
        let written = try container.destination()
        #expect(written["traits"] == nil)
        #expect(written["user_id"] as? String == (hasStoredUserID ? "user-8231" : nil))
        if !hasStoredUserID { #expect(report.field(.userID) == report.field(.traits)) }
        #expect(written["session_id"] as? String == "1699999000")
        #expect(written["anonymous_id"] as? String == V2Example.deviceID.lowercased())
    }

    @Test func traitsOfTheWrongTypeAreSkippedWithTheirType() throws {
        let container = try LegacyContainer()
        var values = try V2Example.values()
        values["rs_traits"] = #"{"plan":"pro"}"#
        try container.writeStandardDefaults(values)

        let report = try container.migrator(source: .v2, v2DeviceID: Self.device).migrate()
        #expect(
            report.field(.traits)
                == .skipped(
                    reason: "rs_traits in standard defaults is a string, expected data (a keyed archive)",
                    source: .standardDefaults))
    }

    @Test func aSessionTheAppEndedIsNotCarriedOver() throws {
        let container = try LegacyContainer()
        var values = try V2Example.values()
        values["rl_session_stopped_status"] = true
        try container.writeStandardDefaults(values)

        let report = try container.migrator(source: .v2, v2DeviceID: Self.device).migrate()
        for field in [RudderField.sessionID, .lastActivityTime] {
            guard case .skipped(let reason, _) = report.field(field) else {
                Issue.record("\(field) should be skipped")
                continue
            }
            #expect(reason.contains("rl_session_stopped_status"))
        }
        let written = try container.destination()
        #expect(written["session_id"] == nil && written["last_activity_time"] == nil)
        #expect(written["is_manual_session"] as? Bool == false)
    }

    @Test func theSDKsOwnIdentityIsNeverOverwritten() throws {
        let container = try LegacyContainer()
        try container.writeStandardDefaults(try V2Example.values())
        try container.writeDestination(["anonymous_id": "made-by-the-swift-sdk"])

        let report = try container.migrator(source: .v2, v2DeviceID: Self.device).migrate()
        #expect(report.outcome == .destinationAlreadyInitialized)
        #expect(try container.destination()["anonymous_id"] as? String == "made-by-the-swift-sdk")
    }

    @Test func anInterruptedRunIsCompletedAndTheMarkerComesLast() throws {
        let container = try LegacyContainer()
        try container.writeStandardDefaults(try V2Example.values())
        let files = ScriptedFileAccess()
        files.failWrites(after: 1)  // the started marker lands, the values do not

        #expect(throws: FileAccessError.self) {
            try container.migrator(source: .v2, v2DeviceID: Self.device, fileAccess: files).migrate()
        }
        #expect(try container.destination().keys.sorted() == [RudderMigrationMarker.started])

        files.heal()
        let report = try container.migrator(source: .v2, v2DeviceID: Self.device, fileAccess: files).migrate()
        #expect(report.outcome == .migrated && report.resumedInterruptedRun)
        #expect(try container.destination()[RudderMigrationMarker.completed] != nil)
    }

    @Test func legacyRemovalDeletesOnlyTheV2KeysAfterVerification() throws {
        let container = try LegacyContainer()
        var values = try V2Example.values()
        values["app_own_setting"] = "kept"
        try container.writeStandardDefaults(values)

        let kept = container.migrator(source: .v2, v2DeviceID: Self.device).inspect()
        #expect(kept.legacyRemoval.status == .notRequested)
        let report = try container.migrator(
            source: .v2, v2DeviceID: Self.device, options: RudderMigrationOptions(removeLegacyAfterVerification: true)
        ).migrate()
        #expect(report.legacyRemoval.status == .removed)
        let remaining = try #require(try LegacyContainer.read(container.standardDefaultsURL))
        #expect(remaining.keys.sorted() == ["app_own_setting"])
    }

    @Test func theReportRoundTripsThroughJSONWithItsSDKAndLegacyKeys() throws {
        let container = try LegacyContainer()
        try container.writeStandardDefaults(try V2Example.values())
        let report = try container.migrator(v2DeviceID: Self.device).migrate()

        let json = try report.jsonString()
        #expect(json.contains(#""legacySDK" : "v2""#))
        #expect(json.contains(#""legacyKey" : "rs_user_id""#))
        #expect(json.contains(#""source" : "identifier-for-vendor""#))
        let decoded = try JSONDecoder().decode(RudderMigrationReport.self, from: Data(json.utf8))
        #expect(decoded == report)
    }
}
