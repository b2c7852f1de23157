import Foundation
import MigrationEngine
import RealmMigrationSource
import RealmSQLiteMigration
import SQLiteSink
import TestSupport
import Testing

/// The Realm → SQLite flow as a library user calls it.
@Suite struct RealmToSQLiteMigrationTests {
    private let music = Fixtures.realm("music.v24.realm")
    private let medium = Fixtures.realm("medium.v24.realm")

    @Test func copiesMusicVerifiesAndReportsProgress() async throws {
        let directory = try TemporaryDirectory()
        defer { directory.remove() }
        let destination = directory.appending("music.sqlite")
        let task = RealmToSQLiteMigration(realmFile: music, destination: destination, batchSize: 10).start()
        var last: MigrationProgress?
        for await progress in task.progress { last = progress }
        let report = try await task.value
        #expect(last?.phase == .relationships && last?.phaseDone == last?.phaseTotal)
        #expect(report.verification.passed)
        #expect(report.verification.classes.map(\.destinationCount) == [8, 4, 3, 50])
        #expect(report.source == music.path && report.destination == destination.path)
        #expect(report.outcome.checkpoint.phase == .finished && report.outcome.resumedFrom == nil)
    }

    @Test func anUnfinishedDestinationIsRefusedUnlessResumed() async throws {
        let directory = try TemporaryDirectory()
        defer { directory.remove() }
        let destination = directory.appending("medium.sqlite")
        var migration = RealmToSQLiteMigration(
            realmFile: medium, destination: destination, batchSize: 250, verification: .counts)
        // An interrupted copy, made deterministically: cancelled from its own progress report after batch 3.
        let cancellation = MigrationCancellation()
        let interrupted = Migrator(
            source: try RealmMigrationSource(url: medium), sink: try SQLiteSink(path: destination.path),
            batchSize: 250, cancellation: cancellation)
        #expect(throws: CancellationError.self) {
            try interrupted.run { if $0.phaseDone >= 750 { cancellation.cancel() } }
        }
        let stopped = try #require(try migration.storedCheckpoint())
        #expect(stopped.phase == .attributes && stopped.batchesCommitted == 3)

        await #expect(
            throws: RealmToSQLiteMigrationError.unfinishedDestination(path: destination.path, checkpoint: stopped)
        ) { try await migration.run() }
        #expect(try migration.storedCheckpoint() == stopped)

        migration.resume = true
        let resumed = try await migration.run()
        #expect(resumed.outcome.resumedFrom == stopped)
        #expect(resumed.verification.passed)
    }

    @Test func aFinishedDestinationIsLeftAsItIsAndVerifiedAgain() async throws {
        let directory = try TemporaryDirectory()
        defer { directory.remove() }
        let migration = RealmToSQLiteMigration(realmFile: music, destination: directory.appending("music.sqlite"))
        _ = try await migration.run()
        let again = try await migration.run()
        #expect(again.outcome.wasAlreadyComplete && again.outcome.objectsWritten == 0)
        #expect(again.verification.passed)
    }

    @Test func anUnreadableSourceFailsBeforeTheDestinationIsCreated() async throws {
        let directory = try TemporaryDirectory()
        defer { directory.remove() }
        let destination = directory.appending("out.sqlite")
        let migration = RealmToSQLiteMigration(
            realmFile: Fixtures.realm("music_encrypted.v24.realm"), destination: destination)
        await #expect(throws: (any Error).self) { try await migration.run() }
        #expect(!FileManager.default.fileExists(atPath: destination.path))
        #expect(try migration.storedCheckpoint() == nil)
    }

    @Test func theReportEncodesAsTheDocumentTheToolPrints() async throws {
        let directory = try TemporaryDirectory()
        defer { directory.remove() }
        let report = try await RealmToSQLiteMigration(
            realmFile: music, destination: directory.appending("music.sqlite"), verification: .none
        ).run()
        let json = try #require(try JSONSerialization.jsonObject(with: JSONEncoder().encode(report)) as? [String: Any])
        #expect(json.keys.sorted() == ["destination", "outcome", "source", "verification"])
        #expect(try JSONDecoder().decode(RealmToSQLiteReport.self, from: JSONEncoder().encode(report)) == report)
    }
}
