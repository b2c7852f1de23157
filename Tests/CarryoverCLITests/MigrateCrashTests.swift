import Foundation
import SwiftDataToolchain
import TestSupport
import Testing

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// Kills `carryover realm migrate` with SIGKILL at seeded random points of the copy of `medium.v24.realm`, resumes
/// each time, and compares the final database row by row with an uninterrupted run.
@Suite struct MigrateCrashTests {
    static let seed: UInt64 = 20_261_129
    static let batchSize = 250
    /// 101,000 objects in batches of 250: 404 attribute batches, then 4 relationship batches.
    static let totalBatches = 408

    @Test func sigkillAtRandomPointsThenResumeGivesTheSameDatabase() throws {
        let directory = try TemporaryDirectory()
        defer { directory.remove() }
        let medium = Fixtures.realm("medium.v24.realm").path
        let reference = directory.appending("reference.sqlite").path
        let out = directory.appending("resumed.sqlite").path
        let common = ["--batch-size", "\(Self.batchSize)"]

        let uninterrupted = try CarryoverBinary.run(["realm", "migrate", medium, "--to", reference] + common)
        #expect(uninterrupted.status == 0, "\(uninterrupted.standardError)")

        // Kill points: 21 distinct committed-batch counts (one after the first relationship batch, leaving three),
        // then a random delay of up to 20 ms so the kill lands inside the following batch rather than at its start.
        var random = SeededRandomNumberGenerator(seed: Self.seed)
        var points = Set([Self.totalBatches - 3])
        while points.count < 21 { points.insert(1 + Int(random.next() % UInt64(Self.totalBatches - 4))) }
        var kills = 0
        for point in points.sorted() {
            let process = Process()
            process.executableURL = CarryoverBinary.url
            process.arguments = ["realm", "migrate", medium, "--to", out, "--resume", "--verify", "none"] + common
            let errors = directory.appending("stderr-\(point).txt")
            try Data().write(to: errors)
            process.standardOutput = FileHandle.nullDevice
            process.standardError = try FileHandle(forWritingTo: errors)
            try process.run()
            while process.isRunning, committedBatches(out) < point { usleep(5_000) }
            usleep(UInt32(random.next() % 20_000))
            if process.isRunning {
                kill(process.processIdentifier, SIGKILL)
                kills += 1
            }
            process.waitUntilExit()
            #expect(
                process.terminationReason == .uncaughtSignal,
                "run for kill point \(point) ended by itself (seed \(Self.seed))")
            #expect(try sqliteShell(out, "PRAGMA integrity_check") == "ok\n")
        }
        #expect(kills >= 20, "seed \(Self.seed)")

        let finish = try CarryoverBinary.run(
            ["realm", "migrate", medium, "--to", out, "--resume", "--verify", "counts"] + common)
        #expect(finish.status == 0, "\(finish.standardError)")
        let tables = try sqliteShell(reference, "SELECT name FROM sqlite_master WHERE type = 'table' ORDER BY name")
            .split(separator: "\n").map(String.init)
        #expect(tables == ["Album", "Album__tracks", "Track", "_carryover_checkpoint", "_carryover_source"])
        for table in tables {
            let differences = try sqliteShell(
                out,
                """
                ATTACH '\(reference)' AS reference;
                SELECT (SELECT count(*) FROM (SELECT * FROM main."\(table)" EXCEPT SELECT * FROM reference."\(table)"))
                  + (SELECT count(*) FROM (SELECT * FROM reference."\(table)" EXCEPT SELECT * FROM main."\(table)")),
                  (SELECT count(*) FROM main."\(table)") - (SELECT count(*) FROM reference."\(table)");
                """)
            #expect(differences == "0|0\n", "table \(table) differs from the uninterrupted run (seed \(Self.seed))")
        }
    }

    @Test func ctrlCStopsAfterACommittedBatchAndResumeFinishes() throws {
        let directory = try TemporaryDirectory()
        defer { directory.remove() }
        let medium = Fixtures.realm("medium.v24.realm").path
        let out = directory.appending("out.sqlite").path
        let process = Process()
        process.executableURL = CarryoverBinary.url
        process.arguments = ["realm", "migrate", medium, "--to", out, "--batch-size", "\(Self.batchSize)"]
        let errors = Pipe()
        process.standardOutput = FileHandle.nullDevice
        process.standardError = errors
        try process.run()
        while process.isRunning, committedBatches(out) < 10 { usleep(5_000) }
        process.interrupt()
        let message = String(decoding: try errors.fileHandleForReading.readToEndRetryingInterrupts(), as: UTF8.self)
        process.waitUntilExit()
        #expect(process.terminationReason == .exit && process.terminationStatus == 1)
        #expect(message.contains("Cancelled after "))
        #expect(message.contains("committed batches; run again with --resume to continue."))
        let stopped = try sqliteShell(
            out, "SELECT phase, batches_committed, class_objects_done FROM _carryover_checkpoint")
        #expect(stopped.hasPrefix("0|"))
        let resumed = try CarryoverBinary.run([
            "realm", "migrate", medium, "--to", out, "--resume", "--verify", "counts",
        ])
        #expect(resumed.status == 0, "\(resumed.standardError)")
        #expect(resumed.standardOutput.contains("(resumed after batch "))
        #expect(
            try sqliteShell(out, "SELECT count(*) FROM Track; SELECT count(*) FROM Album__tracks") == "100000\n100000\n"
        )
    }

    /// The batches committed so far, read from the checkpoint table while the migration runs (WAL allows it).
    private func committedBatches(_ database: String) -> Int {
        guard FileManager.default.fileExists(atPath: database),
            let text = try? sqliteShell(database, "SELECT batches_committed FROM _carryover_checkpoint")
        else { return 0 }
        return Int(text.trimmingCharacters(in: .whitespacesAndNewlines)) ?? 0
    }
}
