import Foundation
import MigrationEngine
import RealmMigrationSource
import RealmToSwiftData
import TestSupport
import Testing

/// Storage failures during a run become ``StorageFailure``s, never the store's raw error.
@Suite struct StorageFailureTests {
    @Test func sqliteResultCodesMapToTheirKinds() {
        let cases: [(Int32, StorageFailure.Kind?)] = [
            (13, .diskFull), (10, .ioError), (10 | (3 << 8), .ioError), (8, .readOnly), (8 | (4 << 8), .removed),
            (5, .locked), (6, .locked), (14, .cannotOpen), (19, nil), (1, nil),
        ]
        for (code, kind) in cases {
            #expect(StorageFailure(sqliteResultCode: code, message: "m")?.kind == kind, "code \(code)")
        }
    }

    /// On a real 2 MiB tmpfs (needs `mount`, i.e. root; when it is not available the test says so in its output
    /// and records nothing else): the volume fills during the copy, the run ends in `.storageFailed(.diskFull)`,
    /// and after the volume grows the same store continues and verifies.
    @Test func aFullVolumeEndsInDiskFullAndTheStoreResumesWithRoom() async throws {
        let directory = try TemporaryDirectory()
        defer { directory.remove() }
        guard let volume = try Self.tmpfs(in: directory) else { return }
        defer { _ = Self.umount(volume.path) }
        var rehearsal = try Rehearsals.rehearsal(of: "medium.v24.realm", in: directory)
        rehearsal.store = volume.appendingPathComponent("default.store")
        rehearsal.dumpDirectory = nil
        rehearsal.verification = .counts
        // Past the preflight (which would defer): the volume says it has room, the disk then fills for real.
        rehearsal.simulatedFreeBytes = Int64.max / 2
        let full = try await rehearsal.run().result
        guard case .storageFailed(let failure) = full.failure else {
            Issue.record("expected a storage failure, got \(String(describing: full.failure)) \(full.error ?? "")")
            return
        }
        #expect(failure.kind == .diskFull)
        print("StorageFailureTests: ran on a real 2 MiB tmpfs: \(failure)")
        #expect(Self.mount(["-o", "remount,size=64m", volume.path]))
        rehearsal.simulatedFreeBytes = nil
        let resumed = try await rehearsal.run().result
        guard case .migrated(let report) = resumed.outcome else {
            Issue.record("expected a migration, got \(String(describing: resumed.outcome)) \(resumed.error ?? "")")
            return
        }
        #expect(report.copy.resumedFrom != nil)
        #expect(report.verification.passed)
    }

    /// On a real 2 MiB tmpfs (as above, when `mount` is available): the preflight finds too little room for
    /// music.v24's store and defers with needed and available bytes as `statvfs` gives them, leaving only the empty
    /// store the container created; after the volume grows the same rehearsal migrates from the start and verifies.
    @Test func aVolumeTooSmallDefersBeforeAnyObjectAndMigratesOnceItGrows() async throws {
        let directory = try TemporaryDirectory()
        defer { directory.remove() }
        guard let volume = try Self.tmpfs(in: directory) else { return }
        defer { _ = Self.umount(volume.path) }
        var rehearsal = try Rehearsals.rehearsal(of: "music.v24.realm", in: directory)
        rehearsal.store = volume.appendingPathComponent("default.store")
        rehearsal.dumpDirectory = nil
        let deferred = try await rehearsal.run().result
        guard case .deferred(.insufficientStorage(let needed, let available)) = deferred.outcome else {
            Issue.record("expected a deferral, got \(String(describing: deferred.outcome)) \(deferred.error ?? "")")
            return
        }
        let estimate = try StoreSizeEstimator(file: Rehearsals.open("music.v24.realm")).estimate()
        #expect(needed > available && available <= 2 << 20 && needed <= estimate.neededBytes)
        let files = try FileManager.default.contentsOfDirectory(atPath: volume.path)
        let used = try files.reduce(0) { total, name in
            let size = try FileManager.default.attributesOfItem(atPath: volume.appendingPathComponent(name).path)[.size]
            return total + ((size as? Int) ?? 0)
        }
        print(
            "StorageFailureTests: a 2 MiB tmpfs deferred: \(needed) bytes needed, \(available) available, \(used) written"
        )
        #expect(used < 256 << 10, "the deferred run left \(used) bytes: \(files)")

        #expect(Self.mount(["-o", "remount,size=16m", volume.path]))
        let migrated = try await rehearsal.run().result
        guard case .migrated(let report) = migrated.outcome else {
            Issue.record("expected a migration, got \(String(describing: migrated.outcome)) \(migrated.error ?? "")")
            return
        }
        #expect(report.copy.resumedFrom == nil)
        #expect(report.verification.passed)
    }

    /// A 2 MiB tmpfs mounted at `volume` in `directory`, or `nil` (said in the output) where `mount` is not
    /// available.
    private static func tmpfs(in directory: TemporaryDirectory) throws -> URL? {
        let volume = directory.appending("volume")
        try FileManager.default.createDirectory(at: volume, withIntermediateDirectories: true)
        guard mount(["-t", "tmpfs", "-o", "size=2m", "tmpfs", volume.path]) else {
            print("StorageFailureTests: NOT RUN on a real filesystem: `mount -t tmpfs` is not available here")
            return nil
        }
        return volume
    }

    private static func mount(_ arguments: [String]) -> Bool { run("/bin/mount", arguments) }
    private static func umount(_ path: String) -> Bool { run("/bin/umount", [path]) }

    private static func run(_ tool: String, _ arguments: [String]) -> Bool {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: tool)
        process.arguments = arguments
        process.standardError = FileHandle.nullDevice
        do {
            try process.run()
            process.waitUntilExit()
            return process.terminationStatus == 0
        } catch {
            return false
        }
    }
}
