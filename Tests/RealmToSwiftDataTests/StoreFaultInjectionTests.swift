import Checksums
import Foundation
import MigrationEngine
import RealmRehearsal
import RealmToSwiftData
import TestSupport
import Testing

/// Storage failing under the store, as SQLite's own I/O-error tests make it fail: the rehearsal program's SQLite
/// writes go through a failing file layer (the runtime's `CARRYOVER_RUNTIME_STORE_FAULT` hook, a VFS under SQLite)
/// that fails the Nth write to the store's files and every later one, as a full volume (ENOSPC) or a failing device
/// (EIO). N runs over every write an uninterrupted migration of `music.v24.realm` makes (batches of 4: copy, links,
/// verification). Each run ends in the typed storage failure; a run with room again then continues the same store
/// and verifies, and the store reads back exactly as an uninterrupted run's; the Realm file is never written.
@Suite struct StoreFaultInjectionTests {
    static let fixture = "music.v24.realm"
    static let batchSize = 4
    static let points = 100

    @Test func everyInjectedWriteFailureIsTypedAndTheStoreResumesToTheUninterruptedOne() async throws {
        let realmDigest = try FileDigest.sha256(of: Fixtures.realm(Self.fixture))
        let reference = try TemporaryDirectory()
        defer { reference.remove() }
        var counting = try rehearsal(in: reference)
        counting.runtimeEnvironment = ["CARRYOVER_RUNTIME_STORE_FAULT": "count:\(reference.url.path)"]
        let uninterrupted = try await counting.run().result
        try #require(uninterrupted.succeeded, "\(uninterrupted.error ?? "")")
        let writes = try #require(uninterrupted.storeWrites)
        try #require(writes >= Self.points, "the migration wrote only \(writes) times")

        var phases: [String: Int] = [:]
        for index in 0..<Self.points {
            let failAt = 1 + index * (writes - 1) / (Self.points - 1)
            let (fault, kind) = index % 2 == 0 ? ("ENOSPC", StorageFailure.Kind.diskFull) : ("EIO", .ioError)
            let directory = try TemporaryDirectory()
            defer { directory.remove() }
            var failing = try rehearsal(in: directory)
            failing.runtimeEnvironment = ["CARRYOVER_RUNTIME_STORE_FAULT": "\(failAt):\(fault):\(directory.url.path)"]
            let lastPhase = Locked("before the first progress report (container, copying)")
            let failed = try await failing.run { progress in lastPhase.withLock { $0 = progress.phase.rawValue } }
                .result
            let place = "write \(failAt) of \(writes) (\(fault))"
            if case .storageFailed(let failure) = failed.failure {
                #expect(failure.kind == kind, "\(place): \(failure)")
                phases[lastPhase.withLock { $0 }, default: 0] += 1
            } else if failed.succeeded {
                // Only a checkpoint's write may fail without failing the run: the pages stay in the log, which
                // the next open checkpoints again; everything had been saved and verified.
                #expect(failed.storeFailedFile == "database", "\(place): succeeded past a failed write to the log")
                phases["checkpoint", default: 0] += 1
            } else {
                Issue.record(
                    "\(place): no storage failure: \(String(describing: failed.failure)) \(failed.error ?? "")")
            }

            var resumed = try rehearsal(in: directory)
            resumed.dumpDirectory = directory.appending("dump")
            let result = try await resumed.run().result
            #expect(result.succeeded, "\(place), resumed: \(result.error ?? "") \(String(describing: result.failure))")
            for cls in ["Album", "Artist", "Playlist", "Track"] {
                let expected = try Data(contentsOf: reference.appending("dump/\(cls).jsonl"))
                let actual = try? Data(contentsOf: directory.appending("dump/\(cls).jsonl"))
                #expect(actual == expected, "\(place): \(cls).jsonl differs from the uninterrupted run's")
            }
        }
        print("StoreFaultInjectionTests: \(Self.points) failing writes of \(writes), by the phase they hit: \(phases)")
        #expect(phases["copying", default: 0] > 0 && phases["linking", default: 0] > 0)
        #expect(try FileDigest.sha256(of: Fixtures.realm(Self.fixture)) == realmDigest)
    }

    private func rehearsal(in directory: TemporaryDirectory) throws -> RealmRehearsal {
        var rehearsal = try Rehearsals.rehearsal(of: Self.fixture, in: directory)
        rehearsal.batchSize = Self.batchSize
        return rehearsal
    }
}
