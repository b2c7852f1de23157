import Foundation
import Testing

/// `carryover rudder … --source`, `--anonymous-id` and `--swift-sdk-clock` on containers left by the v2 SDK.
@Suite struct RudderV2CommandTests {
    typealias Container = RudderCommandTests.Container
    static let deviceID = "0F1E2D3C-4B5A-4697-8877-665544332211"
    static let preferences = "Library/Preferences/\(RudderCommandTests.bundleID).plist"

    /// A container holding what the v2 SDK (v2.3.1 and later) leaves in standard defaults.
    static func v2Container() throws -> Container {
        let container = try Container()
        let traits = try NSKeyedArchiver.archivedData(
            withRootObject: ["userId": "user-8231", "plan": "pro"], requiringSecureCoding: false)
        try container.write(
            [
                "rs_user_id": "user-8231", "rs_traits": traits, "rl_session_id": NSNumber(value: 1_699_999_000),
                "rl_session_manual_track_status": true, "rl_last_event_time_stamp": NSNumber(value: 1_699_999_900),
                "rs_application_version_key": "3.4.1", "rs_application_build_key": "341",
            ], to: preferences, format: .binary)
        return container
    }

    @Test func autoDetectsV2AndMigratesWithTheGivenAnonymousID() async throws {
        let container = try Self.v2Container()
        let result = try await RudderCommandTests.migrate(container, ["--anonymous-id", Self.deviceID])
        #expect(result.status == 0, "\(result.standardError)")
        #expect(result.standardOutput.contains("Legacy SDK: v2 (auto: standard defaults hold v2 keys"))

        let written = try container.read(container.destination)
        #expect(written["anonymous_id"] as? String == Self.deviceID.lowercased())
        #expect(written["user_id"] as? String == "user-8231")
        #expect(written["traits"] as? String == #"{"plan":"pro"}"#)
        #expect(written["is_manual_session"] as? Bool == true)
        #expect(written["session_id"] as? String == "1699999000")
    }

    @Test func withoutAnAnonymousIDTheRestMigratesAndTheReportSaysWhy() async throws {
        let container = try Self.v2Container()
        let result = try await RudderCommandTests.migrate(container, ["--source", "v2", "--json"])
        #expect(result.status == 0, "\(result.standardError)")
        #expect(result.standardOutput.contains(#""legacySDKSelection" : "chosen: v2""#))
        #expect(result.standardOutput.contains("pass the device's identifierForVendor with --anonymous-id"))
        let written = try container.read(container.destination)
        #expect(written["anonymous_id"] == nil)
        #expect(written["user_id"] as? String == "user-8231")
    }

    @Test func theUptimeClockSkipsTheLastActivityTimeOffTheDevice() async throws {
        let container = try Self.v2Container()
        let result = await InProcessCarryover.run([
            "rudder", "inspect", "--container", container.path, "--bundle-id", RudderCommandTests.bundleID,
            "--swift-sdk-clock", "uptime",
        ])
        #expect(result.status == 0, "\(result.standardError)")
        #expect(result.standardOutput.contains("last_activity_time  skipped"))
        #expect(result.standardOutput.contains("uptime is not known here"))
    }

    @Test(arguments: [
        ["--source", "v1", "--anonymous-id", "x"], ["--source", "v3"], ["--anonymous-id", ""],
        ["--swift-sdk-clock", "monotonic"],
    ])
    func badSourceOptionsAreUsageErrors(_ extra: [String]) async throws {
        let container = try Self.v2Container()
        let result = try await RudderCommandTests.migrate(container, extra)
        #expect(result.status == 64, "\(extra)")
        #expect(result.standardError.hasPrefix("Error: "))
    }
}
