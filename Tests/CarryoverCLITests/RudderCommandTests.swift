import Foundation
import SwiftDataToolchain
import TestSupport
import Testing

/// End-to-end: the built `carryover` binary on temporary app containers holding binary or XML property lists.
@Suite struct RudderCommandTests {
    static let bundleID = "com.example.shop"
    static let writeKey = "2AbCdEfGhIjKlMnOpQrStUvWxYz"
    static let anonymousID = "6A1B0E4C-3F2D-4C8B-9E7A-5D1F2C3B4A59"
    static var legacyValues: [String: Any] {
        [
            "rl_anonymous_id": anonymousID,
            "rl_traits":
                #"{"anonymousId":"6A1B0E4C-3F2D-4C8B-9E7A-5D1F2C3B4A59","userId":"user-8231","id":"user-8231","plan":"pro"}"#,
            "rl_session_id": NSNumber(value: 1_699_999_000),
            "rl_session_auto_track_status": true,
            "rl_last_event_time_stamp": NSNumber(value: 1_699_999_900),
            "rl_application_version_key": "3.4.1",
            "rl_application_build_key": "341",
            "rl_opt_status": false,
        ]
    }
    static let formats: [PropertyListSerialization.PropertyListFormat] = [.binary, .xml]

    /// A temporary container with the legacy plist (under `Library/` or `Library/Caches/`) and standard defaults.
    final class Container {
        let directory: TemporaryDirectory
        init() throws { directory = try TemporaryDirectory("rudder-cli") }
        deinit { directory.remove() }
        var path: String { directory.url.path }
        func url(_ relative: String) -> URL { directory.appending(relative) }
        var destination: URL { url("Library/Preferences/\(bundleID).analytics.\(writeKey).plist") }

        func write(_ values: [String: Any], to relative: String, format: PropertyListSerialization.PropertyListFormat)
            throws
        {
            let file = url(relative)
            try FileManager.default.createDirectory(
                at: file.deletingLastPathComponent(), withIntermediateDirectories: true)
            try PropertyListSerialization.data(fromPropertyList: values, format: format, options: 0).write(to: file)
        }

        func read(_ file: URL) throws -> [String: Any] {
            let object = try PropertyListSerialization.propertyList(
                from: Data(contentsOf: file), options: [], format: nil)
            return try #require(object as? [String: Any])
        }
    }

    static func migrate(_ container: Container, _ extra: [String] = []) async throws -> InProcessCarryover.Result {
        await InProcessCarryover.run(
            ["rudder", "migrate", "--container", container.path, "--bundle-id", bundleID, "--write-key", writeKey]
                + extra)
    }

    @Test(arguments: formats)
    func migrateWritesTheGuideMappingIntoTheSwiftSDKSuite(format: PropertyListSerialization.PropertyListFormat)
        async throws
    {
        let container = try Container()
        try container.write(Self.legacyValues, to: "Library/rsDefaultsPersistence.plist", format: format)
        try container.write(
            ["rl_anonymous_id": "OLDER"], to: "Library/Preferences/\(Self.bundleID).plist", format: format)

        let result = try await Self.migrate(container)
        #expect(result.status == 0, "\(result.standardError)")
        #expect(result.standardOutput.contains("Outcome: migrated"))
        #expect(result.standardError.isEmpty)

        let destinationBytes = try Data(contentsOf: container.destination)
        #expect(destinationBytes.starts(with: Data("bplist00".utf8)))
        let written = try container.read(container.destination)
        #expect(written["anonymous_id"] as? String == Self.anonymousID)
        #expect(written["user_id"] as? String == "user-8231")
        #expect(written["traits"] as? String == #"{"plan":"pro"}"#)
        #expect(written["session_id"] as? String == "1699999000")
        #expect(written["is_manual_session"] as? Bool == false)
        #expect(written["last_activity_time"] as? String == "1699999900000")
        #expect(written["rudder.app_version"] as? String == "3.4.1")
        #expect((written["rudder.app_build"] as? NSNumber)?.intValue == 341)
        #expect(written["opt_status"] == nil && written["rl_opt_status"] == nil)

        let again = try await Self.migrate(container)
        #expect(again.status == 0)
        #expect(again.standardOutput.contains("already-migrated"))
        #expect(try Data(contentsOf: container.destination) == destinationBytes)
    }

    @Test func jsonReportListsEveryFieldWithItsSource() async throws {
        let container = try Container()
        try container.write(Self.legacyValues, to: "Library/Caches/rsDefaultsPersistence.plist", format: .xml)
        let result = try await Self.migrate(container, ["--platform", "tvos", "--json"])
        #expect(result.status == 0, "\(result.standardError)")
        let report = try #require(
            try JSONSerialization.jsonObject(with: Data(result.standardOutput.utf8)) as? [String: Any])
        #expect(report["outcome"] as? String == "migrated")
        let fields = try #require(report["fields"] as? [[String: Any]])
        #expect(fields.count == 8)
        #expect(
            fields.allSatisfy { $0["status"] as? String == "migrated" && $0["source"] as? String == "legacy-plist" })
    }

    @Test func inspectWritesNothing() async throws {
        let container = try Container()
        try container.write(Self.legacyValues, to: "Library/rsDefaultsPersistence.plist", format: .binary)
        let result = await InProcessCarryover.run([
            "rudder", "inspect", "--container", container.path, "--bundle-id", Self.bundleID, "--json",
        ])
        #expect(result.status == 0, "\(result.standardError)")
        let report = try #require(
            try JSONSerialization.jsonObject(with: Data(result.standardOutput.utf8)) as? [String: Any])
        #expect(report["isPreview"] as? Bool == true)
        #expect(report["outcome"] as? String == "migrated")
        #expect(!FileManager.default.fileExists(atPath: container.url("Library/Preferences").path))
    }

    @Test func removeLegacyDeletesThePlistAfterVerification() async throws {
        let container = try Container()
        try container.write(Self.legacyValues, to: "Library/rsDefaultsPersistence.plist", format: .binary)
        try container.write(
            ["rl_anonymous_id": Self.anonymousID, "appSetting": 1], to: "Library/Preferences/\(Self.bundleID).plist",
            format: .binary)
        let result = try await Self.migrate(container, ["--remove-legacy"])
        #expect(result.status == 0, "\(result.standardError)")
        #expect(!FileManager.default.fileExists(atPath: container.url("Library/rsDefaultsPersistence.plist").path))
        let defaults = try container.read(container.url("Library/Preferences/\(Self.bundleID).plist"))
        #expect(Set(defaults.keys) == ["appSetting"])
    }

    @Test func anInitialisedDestinationExitsOneAndIsLeftAlone() async throws {
        let container = try Container()
        try container.write(Self.legacyValues, to: "Library/rsDefaultsPersistence.plist", format: .binary)
        try container.write(
            ["anonymous_id": "SDK-GENERATED"],
            to: "Library/Preferences/\(Self.bundleID).analytics.\(Self.writeKey).plist",
            format: .binary)
        let before = try Data(contentsOf: container.destination)
        let result = try await Self.migrate(container)
        #expect(result.status == 1)
        #expect(result.standardError.contains("destination-already-initialized"))
        #expect(try Data(contentsOf: container.destination) == before)

        let forced = try await Self.migrate(container, ["--overwrite-destination"])
        #expect(forced.status == 0)
        #expect(try container.read(container.destination)["anonymous_id"] as? String == Self.anonymousID)
    }

    @Test func unopenableLegacyStorageIsDeferredWithExitOne() async throws {
        let container = try Container()
        try FileManager.default.createDirectory(
            at: container.url("Library/rsDefaultsPersistence.plist"), withIntermediateDirectories: true)
        let result = try await Self.migrate(container)
        #expect(result.status == 1)
        #expect(result.standardError.contains("Error: deferred"))
        let marker = try? container.read(container.destination)["carryover.rudder_migration.completed"]
        #expect(marker == nil)
    }

    /// The real permission path: a legacy plist with mode 000, read by a process that is not root (root reads any
    /// file, so as root the tool runs as `nobody` through `setpriv`).
    @Test func aLegacyPlistWithoutReadPermissionIsDeferred() async throws {
        let container = try Container()
        try container.write(Self.legacyValues, to: "Library/rsDefaultsPersistence.plist", format: .binary)
        let plist = container.url("Library/rsDefaultsPersistence.plist")
        try FileManager.default.setAttributes([.posixPermissions: 0], ofItemAtPath: plist.path)
        defer { try? FileManager.default.setAttributes([.posixPermissions: 0o644], ofItemAtPath: plist.path) }
        let arguments = [
            "rudder", "migrate", "--container", container.path, "--bundle-id", Self.bundleID, "--write-key",
            Self.writeKey, "--json",
        ]

        let result: (status: Int32, standardOutput: String, standardError: String)
        if geteuid() == 0 {
            // Let `nobody` reach the container (the temporary folder is the test's own).
            for folder in [container.directory.url, container.url("Library")] {
                try FileManager.default.setAttributes([.posixPermissions: 0o755], ofItemAtPath: folder.path)
            }
            result = try Self.runAsNobody(arguments)
        } else {
            let run = await InProcessCarryover.run(arguments)
            result = (run.status, run.standardOutput, run.standardError)
        }
        #expect(result.status == 1, "\(result.standardError)")
        #expect(result.standardError.contains("Error: deferred"))
        let report = try #require(
            try JSONSerialization.jsonObject(with: Data(result.standardOutput.utf8)) as? [String: Any])
        #expect(report["outcome"] as? String == "deferred")
        let sources = try #require(report["sources"] as? [[String: Any]])
        #expect(sources.first?["status"] as? String == "unavailable")
        #expect((sources.first?["reason"] as? String)?.hasPrefix("notPermitted") == true)
    }

    /// Runs the built tool as user `nobody` with `setpriv` (util-linux), capturing its output. The binary is copied
    /// to a temporary folder first, since the checkout may sit where `nobody` cannot go (e.g. under /root).
    static func runAsNobody(_ arguments: [String]) throws -> (
        status: Int32, standardOutput: String, standardError: String
    ) {
        let folder = try TemporaryDirectory("carryover-bin")
        defer { folder.remove() }
        let binary = folder.appending("carryover")
        try FileManager.default.copyItem(at: CarryoverBinary.url, to: binary)
        try FileManager.default.setAttributes([.posixPermissions: 0o755], ofItemAtPath: folder.url.path)
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/setpriv")
        process.arguments = ["--reuid=65534", "--regid=65534", "--clear-groups", binary.path] + arguments
        let output = Pipe()
        let error = Pipe()
        process.standardOutput = output
        process.standardError = error
        try process.run()
        // Both outputs are a few kilobytes at most, far below a pipe's buffer, so reading one after the other is safe.
        let outputData = try output.fileHandleForReading.readToEndRetryingInterrupts()
        let errorData = try error.fileHandleForReading.readToEndRetryingInterrupts()
        process.waitUntilExit()
        return (
            status: process.terminationStatus, standardOutput: String(decoding: outputData, as: UTF8.self),
            standardError: String(decoding: errorData, as: UTF8.self)
        )
    }

    @Test func aCorruptDestinationIsAFailure() async throws {
        let container = try Container()
        try container.write(Self.legacyValues, to: "Library/rsDefaultsPersistence.plist", format: .binary)
        try FileManager.default.createDirectory(
            at: container.destination.deletingLastPathComponent(), withIntermediateDirectories: true)
        try Data("not a plist".utf8).write(to: container.destination)
        let result = try await Self.migrate(container)
        #expect(result.status == 1)
        #expect(result.standardError.hasPrefix("Error: "))
        #expect(try Data(contentsOf: container.destination) == Data("not a plist".utf8))
    }

    @Test(arguments: [
        ["rudder", "migrate", "--container", "/tmp", "--bundle-id", "a"],
        ["rudder", "migrate", "--container", "/tmp", "--bundle-id", "a", "--write-key", "k", "--platform", "android"],
        ["rudder", "inspect", "--container", "/tmp", "--bundle-id", "a", "--bogus"],
        ["rudder", "inspect", "--container", "/tmp", "--bundle-id", "../etc"],
        ["rudder", "inspect", "--bundle-id", "a"],
    ])
    func badCommandLinesExitSixtyFour(arguments: [String]) async throws {
        let result = await InProcessCarryover.run(arguments)
        #expect(result.status == 64)
        #expect(result.standardError.hasPrefix("Error: "))
        #expect(result.standardError.contains("Usage: carryover rudder"))
    }

    @Test func aMissingContainerIsAFailure() async throws {
        let result = await InProcessCarryover.run([
            "rudder", "inspect", "--container", "/no/such/container", "--bundle-id", "a",
        ])
        #expect(result.status == 1)
        #expect(result.standardError.contains("is not a folder"))
    }

    @Test(arguments: [["rudder", "inspect", "--help"], ["rudder", "migrate", "-h"], ["help", "rudder", "migrate"]])
    func helpExitsZero(arguments: [String]) async throws {
        let result = await InProcessCarryover.run(arguments)
        #expect(result.status == 0)
        #expect(result.standardOutput.contains("USAGE: carryover rudder"))
        #expect(result.standardOutput.contains("--container DIR"))
    }

    @Test func theBundledSampleMigrates() async throws {
        let container = try Container()
        try FileManager.default.removeItem(at: container.directory.url)
        try FileManager.default.copyItem(
            at: Fixtures.packageRoot.appendingPathComponent("Samples/rudder"), to: container.directory.url)
        let result = try await Self.migrate(container)
        #expect(result.status == 0, "\(result.standardError)")
        let written = try container.read(container.destination)
        #expect(written["anonymous_id"] as? String == Self.anonymousID)
        #expect(written["user_id"] as? String == "user-8231")
        #expect(written["session_id"] as? String == "1717171000")
        #expect(written["last_activity_time"] as? String == "1717171542000")
    }
}
