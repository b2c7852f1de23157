import Checksums
import Foundation
import MigrationEngine
import RealmMigrationSource
import RealmSQLiteMigration
import SQLiteFaultInjection
import SQLiteSink
import TestSupport
import Testing

/// Storage failing under the SQLite destination, as SQLite's own I/O-error tests make it fail: a failing file layer
/// (`SQLiteFaultInjection`, a VFS under SQLite, counting only files in the test's folder) fails the Nth write to the
/// destination's files and every later one, as a full volume (ENOSPC) or a failing device (EIO), for every N up to the
/// writes an uninterrupted migration of `music.v24.realm` makes (batches of 4): 193. Each run ends in the typed storage
/// failure — but for the writes of the checkpoint SQLite runs as the connection closes, after everything was
/// committed and verified, whose failure SQLite leaves in the log by design; with room again, the same destination
/// resumes, verifies, and holds exactly the uninterrupted run's records; the Realm file is never written.
@Suite(.serialized) struct StoreFaultInjectionTests {
    static let fixture = "music.v24.realm"
    static let batchSize = 4

    @Test func everyInjectedWriteFailureIsTypedAndTheDestinationResumesToTheUninterruptedOne() async throws {
        try #require(carryover_store_faults_install() == 0)
        defer { carryover_store_faults_disarm() }
        let realm = Fixtures.realm(Self.fixture)
        let realmDigest = try FileDigest.sha256(of: realm)
        let reference = try TemporaryDirectory()
        defer { reference.remove() }
        carryover_store_faults_arm(reference.url.path, 0, CarryoverStoreFaultNone)
        let uninterrupted = try await migration(into: reference).run()
        let writes = Int(carryover_store_faults_writes())
        carryover_store_faults_disarm()
        try #require(uninterrupted.verification.passed)
        try #require(writes >= 50, "the migration wrote only \(writes) times")
        let expected = try Self.records(in: reference, of: realm)

        var phases: [String: Int] = [:]
        let faults = [
            (CarryoverStoreFaultNoSpace, StorageFailure.Kind.diskFull), (CarryoverStoreFaultIOError, .ioError),
        ]
        for failAt in 1...writes {
            for (fault, kind) in faults {
                let directory = try TemporaryDirectory()
                defer { directory.remove() }
                carryover_store_faults_arm(directory.url.path, Int64(failAt), fault)
                let task = migration(into: directory).start()
                var phase = "attributes"
                for await progress in task.progress { phase = "\(progress.phase)" }
                do {
                    let report = try await task.value
                    // Only a checkpoint's write may fail without failing the run: SQLite copies committed pages from
                    // the log into the database file when the connection closes, and keeps them in the log when that
                    // fails (the next open checkpoints again). The migration had committed and verified everything.
                    #expect(
                        carryover_store_faults_failed_file() == CarryoverStoreFileDatabase,
                        "write \(failAt) of \(writes) (\(kind)): the migration succeeded past a failed write to the log"
                    )
                    #expect(report.verification.passed)
                    phases["checkpoint at close", default: 0] += 1
                } catch RealmToSQLiteMigrationError.storageFailed(let failure) {
                    #expect(failure.kind == kind, "write \(failAt) of \(writes): \(failure)")
                    phases[phase, default: 0] += 1
                } catch {
                    Issue.record("write \(failAt) of \(writes) (\(kind)): expected a storage failure, got \(error)")
                }
                carryover_store_faults_disarm()

                var resumed = migration(into: directory)
                resumed.resume = true
                let report = try await resumed.run()
                #expect(report.verification.passed, "write \(failAt) (\(kind)), resumed")
                #expect(try Self.records(in: directory, of: realm) == expected, "write \(failAt) (\(kind)), resumed")
            }
        }
        print(
            "StoreFaultInjectionTests (SQLite): each of \(writes) writes failed with ENOSPC and with EIO, by phase: \(phases)"
        )
        #expect(phases["attributes", default: 0] > 0 && phases["relationships", default: 0] > 0)
        #expect(phases["attributes", default: 0] + phases["relationships", default: 0] >= 100)
        #expect(try FileDigest.sha256(of: realm) == realmDigest)
    }

    private func migration(into directory: TemporaryDirectory) -> RealmToSQLiteMigration {
        RealmToSQLiteMigration(
            realmFile: Fixtures.realm(Self.fixture), destination: directory.appending("music.sqlite"),
            batchSize: Self.batchSize)
    }

    /// Every record the destination holds, by class, in key order.
    private static func records(in directory: TemporaryDirectory, of realm: URL) throws -> [String: [MigrationRecord]] {
        let sink = try SQLiteSink(path: directory.appending("music.sqlite").path)
        var records: [String: [MigrationRecord]] = [:]
        for cls in try RealmMigrationSource(url: realm).schema().classes {
            let cursor = try sink.records(of: cls)
            while let record = try cursor.next() { records[cls.name, default: []].append(record) }
        }
        return records
    }
}
