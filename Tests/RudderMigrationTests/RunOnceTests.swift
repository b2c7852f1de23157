import Foundation
import RudderMigration
import Testing

/// Behaviour 7: the completion marker is written last; a marked destination is left alone; an SDK-initialised
/// destination is not overwritten unless asked; an interrupted run is completed; running twice changes nothing.
@Suite struct RunOnceTests {
    @Test func markerIsWrittenLastAndASecondRunOnlyReadsTheMarker() throws {
        let container = try LegacyContainer()
        try container.writePlist(GuideExample.legacyValues)
        let store = CountingStore(PropertyListFileStore(url: container.destinationURL))
        let first = try container.migrator(destination: store).migrate()
        #expect(first.outcome == .migrated)
        #expect(store.writes == 3)  // started marker, values, completion marker
        let afterFirst = try container.destination()
        #expect(afterFirst[RudderMigrationMarker.completed] is String)

        let again = CountingStore(PropertyListFileStore(url: container.destinationURL))
        let second = try container.migrator(destination: again).migrate()
        #expect(second.outcome == .alreadyMigrated)
        #expect(second.fields.isEmpty)
        #expect(again.reads == 1)
        #expect(again.writes == 0)
        let afterSecond = try container.destination()
        #expect(NSDictionary(dictionary: afterSecond).isEqual(to: afterFirst))
    }

    @Test func markerIsWrittenOnlyAfterTheValues() throws {
        // Fail the third atomic write (the completion marker): values are on disk, the marker is not.
        let container = try LegacyContainer()
        try container.writePlist(GuideExample.legacyValues)
        let files = ScriptedFileAccess()
        files.failWrites(after: 2)
        #expect(throws: FileAccessError.self) { try container.migrator(fileAccess: files).migrate() }
        let partial = try container.destination()
        #expect(partial["anonymous_id"] as? String == GuideExample.anonymousID)
        #expect(partial[RudderMigrationMarker.completed] == nil)
        #expect(partial[RudderMigrationMarker.started] != nil)
    }

    @Test(arguments: [0, 1, 2])
    func anInterruptedRunIsCompletedByTheNextOne(successfulWrites: Int) throws {
        let container = try LegacyContainer()
        try container.writePlist(GuideExample.legacyValues)
        let files = ScriptedFileAccess()
        files.failWrites(after: successfulWrites)
        #expect(throws: FileAccessError.self) { try container.migrator(fileAccess: files).migrate() }

        files.heal()
        let report = try container.migrator(fileAccess: files).migrate()
        #expect(report.outcome == .migrated)
        #expect(report.resumedInterruptedRun == (successfulWrites > 0))
        let written = try container.destination()
        #expect(written["anonymous_id"] as? String == GuideExample.anonymousID)
        #expect(written["session_id"] as? String == "1699999000")
        #expect(written[RudderMigrationMarker.completed] != nil)
    }

    @Test func runningTwiceChangesNothing() throws {
        let container = try LegacyContainer()
        try container.writePlist(GuideExample.legacyValues)
        _ = try container.migrator().migrate()
        let bytes = try Data(contentsOf: container.destinationURL)
        let second = try container.migrator(now: LegacyContainer.now.addingTimeInterval(3600)).migrate()
        #expect(second.outcome == .alreadyMigrated)
        #expect(try Data(contentsOf: container.destinationURL) == bytes)
    }

    @Test func aDestinationTheSDKAlreadyInitialisedIsNotWritten() throws {
        let container = try LegacyContainer()
        try container.writePlist(GuideExample.legacyValues)
        try container.writeDestination(["anonymous_id": "SDK-GENERATED", "rudder.app_build": 400])
        let before = try Data(contentsOf: container.destinationURL)

        let report = try container.migrator().migrate()
        #expect(report.outcome == .destinationAlreadyInitialized)
        #expect(report.detail.contains("anonymous_id"))
        #expect(try Data(contentsOf: container.destinationURL) == before)
        #expect(container.migrator().inspect().outcome == .destinationAlreadyInitialized)
    }

    @Test func theOverwriteOptionReplacesTheSDKsValuesAndKeepsItsOtherKeys() throws {
        let container = try LegacyContainer()
        try container.writePlist(GuideExample.legacyValues)
        try container.writeDestination(["anonymous_id": "SDK-GENERATED", "sdk.private": "kept"])

        let report = try container.migrator(options: RudderMigrationOptions(overwriteInitializedDestination: true))
            .migrate()
        #expect(report.outcome == .migrated)
        let written = try container.destination()
        #expect(written["anonymous_id"] as? String == GuideExample.anonymousID)
        #expect(written["sdk.private"] as? String == "kept")
    }

    @Test func nothingToMigrateIsMarkedSoLaterRunsAreASingleRead() throws {
        let container = try LegacyContainer()
        let first = try container.migrator().migrate()
        #expect(first.outcome == .nothingToMigrate)
        #expect(first.fields.allSatisfy { $0.outcome == .absent })
        let store = CountingStore(PropertyListFileStore(url: container.destinationURL))
        #expect(try container.migrator(destination: store).migrate().outcome == .alreadyMigrated)
        #expect(store.reads == 1)
    }

    @Test func aWriteThatDoesNotReadBackFailsWithoutAMarker() throws {
        let container = try LegacyContainer()
        try container.writePlist(GuideExample.legacyValues)
        let lying = LyingStore(PropertyListFileStore(url: container.destinationURL), altering: "user_id")
        #expect(throws: RudderMigrationError.self) { try container.migrator(destination: lying).migrate() }
        #expect(try container.destination()[RudderMigrationMarker.completed] == nil)
    }
}
