import Foundation
import RudderMigration
import Testing

/// `last_activity_time` on the clock of the targeted Swift SDK: milliseconds since 1970 for 1.2.0 and later (the
/// default), milliseconds since boot for 1.0.x–1.1.x; for the v1 and v2 sources alike.
@Suite struct SwiftSDKClockTests {
    static let uptimeOptions = RudderMigrationOptions(swiftSDKClock: .uptime)

    /// A container of each line whose last event was at 1_699_999_900 s (100 s before `LegacyContainer.now`).
    static func container(_ sdk: RudderLegacySDK) throws -> LegacyContainer {
        let container = try LegacyContainer()
        switch sdk {
        case .v1: try container.writePlist(GuideExample.legacyValues)
        case .v2: try container.writeStandardDefaults(try V2Example.values())
        }
        return container
    }

    @Test(arguments: RudderLegacySDK.allCases)
    func theDefaultIsMillisecondsSince1970(_ sdk: RudderLegacySDK) throws {
        let container = try Self.container(sdk)
        _ = try container.migrator(v2DeviceID: .known(V2Example.deviceID), systemUptime: 1000).migrate()
        #expect(try container.destination()["last_activity_time"] as? String == "1699999900000")
    }

    /// Booted 1000 s before now, so the event 100 s before now was at 900 s of uptime.
    @Test(arguments: RudderLegacySDK.allCases)
    func theUptimeClockCountsFromTheBoot(_ sdk: RudderLegacySDK) throws {
        let container = try Self.container(sdk)
        let report = try container.migrator(
            v2DeviceID: .known(V2Example.deviceID), options: Self.uptimeOptions, systemUptime: 1000
        ).migrate()
        #expect(report.legacySDK == sdk)
        #expect(try container.destination()["last_activity_time"] as? String == "900000")
        #expect(try container.destination()["session_id"] as? String == "1699999000")
    }

    /// Booted 50 s before now: the event 100 s before now happened before the boot.
    @Test(arguments: RudderLegacySDK.allCases)
    func aRestartSinceTheEventSkipsOnlyTheLastActivityTime(_ sdk: RudderLegacySDK) throws {
        let container = try Self.container(sdk)
        let report = try container.migrator(
            v2DeviceID: .known(V2Example.deviceID), options: Self.uptimeOptions, systemUptime: 50
        ).migrate()
        guard case .skipped(let reason, _) = report.field(.lastActivityTime) else {
            Issue.record("last_activity_time should be skipped")
            return
        }
        #expect(reason.contains("restarted after the last legacy event"))
        let written = try container.destination()
        #expect(written["last_activity_time"] == nil)
        #expect(written["session_id"] as? String == "1699999000")
    }

    @Test func anUnknownUptimeSkipsTheLastActivityTimeWithTheReason() throws {
        let container = try Self.container(.v1)
        let report = try container.migrator(options: Self.uptimeOptions, systemUptime: nil).migrate()
        guard case .skipped(let reason, .legacyPlist) = report.field(.lastActivityTime) else {
            Issue.record("last_activity_time should be skipped")
            return
        }
        #expect(reason.contains("uptime is not known here"))
    }

    @Test func thePlannerConvertsAtTheBootBoundaryExactly() {
        let snapshot = LegacySnapshot(
            plist: [.lastEventTimestamp: .integer(1_699_999_000)], standardDefaults: [:], sources: [])
        let atBoot = RudderMigrationPlanner.plan(snapshot, now: LegacyContainer.now, clock: .uptime, systemUptime: 1000)
        #expect(atBoot.writes["last_activity_time"] == .string("0"))
        let justAfter = RudderMigrationPlanner.plan(
            snapshot, now: LegacyContainer.now, clock: .uptime, systemUptime: 999.999)
        #expect(justAfter.writes["last_activity_time"] == nil)
    }
}
