import Foundation
import RudderMigration
import Testing

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// Behaviour 9: legacy storage that exists but cannot be opened yet defers the run; the next run migrates.
@Suite struct DeferredTests {
    @Test(arguments: [FileAccessError.Kind.notPermitted, .ioFailure])
    func anUnopenableLegacyPlistDefersWithoutMarker(kind: FileAccessError.Kind) throws {
        let container = try LegacyContainer()
        try container.writePlist(GuideExample.legacyValues)
        try container.writeStandardDefaults(["rl_anonymous_id": "FROM-STANDARD-DEFAULTS"])
        let files = ScriptedFileAccess()
        files.failReads(of: container.plistURL, with: kind)

        let report = try container.migrator(fileAccess: files).migrate()
        #expect(report.outcome == .deferred)
        #expect(report.sources.first?.status == .unavailable)
        #expect(report.fields.isEmpty)
        let destination = try container.destination()
        #expect(destination[RudderMigrationMarker.completed] == nil)
        #expect(destination["anonymous_id"] == nil)  // not even the value standard defaults had
        // Only Carryover's deferral marker: no key the Swift SDK reads, so the SDK starts as on a fresh install.
        #expect(Set(destination.keys) == [RudderMigrationMarker.deferred])

        files.heal()
        let next = try container.migrator(fileAccess: files).migrate()
        #expect(next.outcome == .migrated)
        #expect(try container.destination()["anonymous_id"] as? String == GuideExample.anonymousID)
    }

    @Test func anUnopenableStandardDefaultsFileDefers() throws {
        let container = try LegacyContainer()
        try container.writeStandardDefaults(GuideExample.legacyValues)
        let files = ScriptedFileAccess()
        files.failReads(of: container.standardDefaultsURL, with: .notPermitted)
        #expect(try container.migrator(fileAccess: files).migrate().outcome == .deferred)
        #expect(container.migrator(fileAccess: files).inspect().outcome == .deferred)
    }

    @Test func userDefaultsBackingFileThatCannotBeOpenedDefers() throws {
        let container = try LegacyContainer()
        try container.writeStandardDefaults(GuideExample.legacyValues)
        let files = ScriptedFileAccess()
        files.failReads(of: container.standardDefaultsURL, with: .notPermitted)
        let suite = "carryover.tests.\(UUID().uuidString)"
        let defaults = try #require(UserDefaults(suiteName: suite))
        defer { defaults.removePersistentDomain(forName: suite) }
        let migrator = RudderLegacyMigrator(
            legacyPlistURL: container.plistURL,
            legacyStandardDefaults: UserDefaultsStore(
                defaults: defaults, name: suite, backingFile: container.standardDefaultsURL, fileAccess: files),
            destination: PropertyListFileStore(url: container.destinationURL), fileAccess: files,
            clock: { LegacyContainer.now })
        #expect(try migrator.migrate().outcome == .deferred)
    }

    @Test func anSDKStartedAfterADeferralDoesNotBlockTheNextRun() throws {
        let container = try LegacyContainer()
        try container.writePlist(GuideExample.legacyValues)
        let files = ScriptedFileAccess()
        files.failReads(of: container.plistURL, with: .notPermitted)
        #expect(try container.migrator(fileAccess: files).migrate().outcome == .deferred)

        // The app started the Swift SDK anyway, which generated a fresh identity.
        var destination = try container.destination()
        destination["anonymous_id"] = "SDK-GENERATED-DURING-DEFERRAL"
        try container.writeDestination(destination)

        files.heal()
        #expect(try container.migrator(fileAccess: files).migrate().outcome == .migrated)
        #expect(try container.destination()["anonymous_id"] as? String == GuideExample.anonymousID)
    }

    @Test func aLegacyPathThatIsAFolderDefersOnTheRealFileSystem() throws {
        let container = try LegacyContainer()
        try FileManager.default.createDirectory(at: container.plistURL, withIntermediateDirectories: true)
        let report = try container.migrator().migrate()
        #expect(report.outcome == .deferred)
        #expect(try container.destination()[RudderMigrationMarker.completed] == nil)
    }

    @Test func systemFileAccessMapsAMissingFileToNilAndAFolderToAnError() throws {
        let container = try LegacyContainer()
        let files = SystemFileAccess()
        #expect(try files.contents(of: container.plistURL) == nil)
        try FileManager.default.createDirectory(at: container.plistURL, withIntermediateDirectories: true)
        #expect(throws: FileAccessError.self) { try files.contents(of: container.plistURL) }
    }

    @Test func anOversizedLegacyPlistIsCorruptNotDeferred() throws {
        let container = try LegacyContainer()
        try container.writePlist(GuideExample.legacyValues)
        try container.writeStandardDefaults(["rl_anonymous_id": "FROM-STANDARD-DEFAULTS"])
        let migrator = RudderLegacyMigrator(
            legacyPlistURL: container.plistURL,
            legacyStandardDefaults: PropertyListFileStore(url: container.standardDefaultsURL),
            destination: PropertyListFileStore(url: container.destinationURL),
            fileAccess: SystemFileAccess(maximumFileSize: 64), clock: { LegacyContainer.now })
        let report = try migrator.migrate()
        #expect(report.outcome == .migrated)
        #expect(report.sources.first?.status == .corrupt)
        #expect(
            report.field(.anonymousID) == .migrated(value: .string("FROM-STANDARD-DEFAULTS"), source: .standardDefaults)
        )
    }
}
