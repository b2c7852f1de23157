import Foundation
import RudderMigration
import Testing

/// The destination stores: the property-list file (atomic, binary, keeps other keys) and the UserDefaults suite.
@Suite struct StoreTests {
    @Test func fileStoreWritesABinaryPlistAndKeepsEveryOtherKeyUnchanged() throws {
        let container = try LegacyContainer()
        let existing: [String: Any] = [
            "date": Date(timeIntervalSince1970: 1_234_567), "data": Data([0, 1, 2, 255]),
            "nested": ["a": [1, "two", 3.5, true]], "big": NSNumber(value: UInt64.max), "flag": false,
            "anonymous_id": "old",
        ]
        try LegacyContainer.write(existing, to: container.destinationURL, format: .xml)

        let store = PropertyListFileStore(url: container.destinationURL)
        try store.write(["anonymous_id": .string("new"), "rudder.app_build": .integer(7)])

        let bytes = try Data(contentsOf: container.destinationURL)
        #expect(bytes.starts(with: Data("bplist00".utf8)))
        let written = try container.destination()
        #expect(written["anonymous_id"] as? String == "new")
        #expect((written["rudder.app_build"] as? NSNumber)?.intValue == 7)
        var unchanged = existing
        unchanged["anonymous_id"] = nil
        var writtenRest = written
        writtenRest["anonymous_id"] = nil
        writtenRest["rudder.app_build"] = nil
        #expect(NSDictionary(dictionary: writtenRest).isEqual(to: unchanged))
        // No temporary file is left beside it.
        let folder = container.destinationURL.deletingLastPathComponent()
        #expect(
            try FileManager.default.contentsOfDirectory(atPath: folder.path) == [
                container.destinationURL.lastPathComponent
            ])
    }

    @Test func fileStoreRefusesToOverwriteACorruptFile() throws {
        let container = try LegacyContainer()
        try FileManager.default.createDirectory(
            at: container.destinationURL.deletingLastPathComponent(), withIntermediateDirectories: true)
        try Data("corrupt".utf8).write(to: container.destinationURL)
        let store = PropertyListFileStore(url: container.destinationURL)
        #expect(throws: RudderMigrationError.self) { try store.write(["anonymous_id": .string("x")]) }
        #expect(try Data(contentsOf: container.destinationURL) == Data("corrupt".utf8))
        #expect(throws: RudderMigrationError.self) { try container.migrator().migrate() }
    }

    @Test func fileStoreRemovesOnlyTheNamedKeys() throws {
        let container = try LegacyContainer()
        try container.writeDestination(["a": 1, "b": 2])
        let store = PropertyListFileStore(url: container.destinationURL)
        try store.removeValues(forKeys: ["a", "missing"])
        #expect(Set(try container.destination().keys) == ["b"])
    }

    @Test func userDefaultsSuiteIsADestination() throws {
        let container = try LegacyContainer()
        try container.writePlist(GuideExample.legacyValues)
        let suite = "carryover.tests.\(UUID().uuidString)"
        let defaults = try #require(UserDefaults(suiteName: suite))
        defer { defaults.removePersistentDomain(forName: suite) }
        let store = UserDefaultsStore(defaults: defaults, name: suite)

        let report = try container.migrator(destination: store).migrate()
        #expect(report.outcome == .migrated)
        #expect(defaults.string(forKey: "anonymous_id") == GuideExample.anonymousID)
        #expect(defaults.string(forKey: "session_id") == "1699999000")
        #expect(defaults.object(forKey: "is_manual_session") as? Bool == false)
        #expect(defaults.integer(forKey: "rudder.app_build") == 341)
        #expect(try container.migrator(destination: store).migrate().outcome == .alreadyMigrated)
    }

    @Test func suiteNameAndContainerPathsFollowTheSwiftSDK() {
        #expect(RudderLegacyMigrator.suiteName(bundleIdentifier: "com.a", writeKey: "K") == "com.a.analytics.K")
        let container = URL(fileURLWithPath: "/c")
        #expect(
            LegacyLocation.destinationURL(container: container, bundleIdentifier: "com.a", writeKey: "K").path
                == "/c/Library/Preferences/com.a.analytics.K.plist")
        #expect(
            LegacyLocation.plistURL(library: container.appendingPathComponent("Library"), platform: .iOS).path
                == "/c/Library/rsDefaultsPersistence.plist")
    }
}
