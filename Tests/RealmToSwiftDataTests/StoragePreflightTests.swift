import Foundation
import RealmMigrationSource
import RealmToSwiftData
import TestSupport
import Testing

/// The free-space preflight: a volume too small for the estimate defers the run with needed and available bytes
/// and writes no object; with room the same store migrates and verifies.
@Suite struct StoragePreflightTests {
    @Test func tooLittleFreeSpaceDefersWithNeededAndAvailableThenRoomMigrates() async throws {
        let directory = try TemporaryDirectory()
        defer { directory.remove() }
        var rehearsal = try Rehearsals.rehearsal(of: "music.v24.realm", in: directory)
        rehearsal.dumpDirectory = nil
        rehearsal.simulatedFreeBytes = 100_000
        let deferred = try await rehearsal.run().result
        let estimate = try StoreSizeEstimator(file: Rehearsals.open("music.v24.realm")).estimate()
        guard case .deferred(.insufficientStorage(let needed, let available)) = deferred.outcome else {
            Issue.record("expected a deferral for storage, got \(String(describing: deferred.outcome))")
            return
        }
        #expect(available == 100_000)
        #expect(needed >= estimate.marginBytes && needed <= estimate.neededBytes)
        rehearsal.simulatedFreeBytes = nil
        let migrated = try await rehearsal.run().result
        guard case .migrated(let report) = migrated.outcome else {
            Issue.record("expected a migration, got \(String(describing: migrated.outcome))")
            return
        }
        // Nothing was copied by the deferred run: this one started from the beginning.
        #expect(report.copy.resumedFrom == nil)
        #expect(report.verification.passed)
    }
}

/// Between batches: free space under one batch and the margin stops the copy at a batch boundary with the same
/// reason; the saved batches stay and the next run with room continues from them and verifies.
@Suite struct StorageBetweenBatchesTests {
    @Test func spaceRunningOutBetweenBatchesDefersAndTheStoreResumes() async throws {
        let directory = try TemporaryDirectory()
        defer { directory.remove() }
        var rehearsal = try Rehearsals.rehearsal(of: "music.v24.realm", in: directory)
        rehearsal.dumpDirectory = nil
        rehearsal.batchSize = 10
        rehearsal.simulatedFreeBytesBetweenBatches = 0
        let stopped = try await rehearsal.run().result
        guard case .deferred(.insufficientStorage(let needed, let available)) = stopped.outcome else {
            Issue.record("expected a deferral for storage, got \(String(describing: stopped.outcome))")
            return
        }
        #expect(available == 0 && needed > 0)
        rehearsal.simulatedFreeBytesBetweenBatches = nil
        let resumed = try await rehearsal.run().result
        guard case .migrated(let report) = resumed.outcome else {
            Issue.record("expected a migration, got \(String(describing: resumed.outcome))")
            return
        }
        // The deferred run saved exactly one batch before it stopped; this run continued after it.
        #expect(report.copy.resumedFrom?.batchesCommitted == 1)
        #expect(report.verification.passed)
    }
}
