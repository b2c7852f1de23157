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
