import Foundation
import MigrationEngine
import RealmRehearsal
import RealmRehearsalDriver
import TestSupport
import Testing

#if canImport(Glibc)
    import Glibc
#endif

/// The in-app migration survives being killed anywhere: a rehearsal of `medium.v24.realm` (101,000 objects,
/// 100,000 links) is SIGKILLed at 20 seeded points — some a seeded moment after a seeded number of progress reports,
/// some inside a seeded `save()` (the runtime's `CARRYOVER_RUNTIME_KILL_IN_SAVE` hook) — and continued each time with
/// the same store; the store it ends with reads back exactly as an uninterrupted run's. Kill points count the run's
/// own progress, not wall time, so each run is killed a bounded way into its work however fast the machine is.
@Suite struct RehearsalCrashTests {
    static let fixture = "medium.v24.realm"
    static let kills = 20

    @Test func sigkillAtSeededPointsThenContinuingGivesTheUninterruptedStore() async throws {
        var random = SeededRandomNumberGenerator.replayable("RehearsalCrashTests")
        let directory = try TemporaryDirectory()
        defer { directory.remove() }

        let reference = try TemporaryDirectory()
        defer { reference.remove() }
        let uninterrupted = try await Rehearsals.rehearsal(of: Self.fixture, in: reference).run()
        try #require(uninterrupted.result.succeeded)
        // Memory stays at about one batch (1,000 objects, or objects and their links in the relationship phase)
        // whatever the object count, as the runtime counts live models.
        let peak = try #require(uninterrupted.result.peakLiveModels)
        #expect(peak <= 1_100, "\(peak) models were alive at once")

        let store = directory.appending("default.store")
        let rehearsal = try Rehearsals.rehearsal(of: Self.fixture, in: directory)
        let program = try rehearsal.program()
        let request = RehearsalRequest(
            realmFile: Fixtures.realm(Self.fixture).path, store: store.path, batchSize: 1_000, encryptionKeyHex: nil,
            dumpDirectory: nil, verification: .full)
        var killed = 0
        var killedInSave = 0
        for round in 0..<Self.kills {
            let inSave = round % 4 == 0
            let process = Process()
            process.executableURL = program
            process.arguments = [String(decoding: try JSONEncoder().encode(request), as: UTF8.self)]
            process.standardOutput = FileHandle.nullDevice
            let progress = Pipe()
            process.standardError = progress
            var environment = ProcessInfo.processInfo.environment
            if inSave { environment["CARRYOVER_RUNTIME_KILL_IN_SAVE"] = "\(Int.random(in: 1...12, using: &random))" }
            process.environment = environment
            let reports = Int.random(in: 1...6, using: &random)
            let delay = Int.random(in: 0...150, using: &random)
            try process.run()
            let pid = process.processIdentifier
            let watcher = Thread {
                Self.killAfterProgress(
                    pid, reading: progress.fileHandleForReading, reports: inSave ? nil : reports,
                    delayMilliseconds: delay)
            }
            watcher.start()
            process.waitUntilExit()
            if process.terminationReason == .uncaughtSignal {
                killed += 1
                if inSave { killedInSave += 1 }
            }
        }
        print(
            "RehearsalCrashTests: \(killed) of \(Self.kills) runs killed (\(killedInSave) inside save()), seed \(random.seed)"
        )
        #expect(killed == Self.kills, "a run finished before its kill point (seed \(random.seed))")
        #expect(killedInSave == Self.kills / 4)

        let continued = try await rehearsal.run()
        #expect(continued.result.succeeded, "seed \(random.seed)")
        let uninterruptedDump = reference.appending("dump")
        for cls in ["Album", "Track"] {
            let expected = try Data(contentsOf: uninterruptedDump.appendingPathComponent("\(cls).jsonl"))
            let actual = try Data(contentsOf: directory.appending("dump/\(cls).jsonl"))
            #expect(actual == expected, "\(cls).jsonl differs from the uninterrupted run's (seed \(random.seed))")
        }
    }

    /// Reads the rehearsal's standard error to its end; with `reports`, SIGKILLs the process `delayMilliseconds`
    /// after its `reports`th `progress` line.
    private static func killAfterProgress(
        _ pid: pid_t, reading errors: FileHandle, reports: Int?, delayMilliseconds: Int
    ) {
        var seen = 0
        var pending = Data()
        while case let chunk = errors.availableData, !chunk.isEmpty {
            pending.append(chunk)
            while let newline = pending.firstIndex(of: 0x0A) {
                let line = pending[pending.startIndex..<newline]
                pending = Data(pending[(newline + 1)...])
                guard line.starts(with: Data("progress ".utf8)) else { continue }
                seen += 1
                if seen == reports {
                    usleep(UInt32(delayMilliseconds * 1_000))
                    kill(pid, SIGKILL)
                }
            }
        }
    }
}
