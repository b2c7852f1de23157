import Foundation
import MigrationEngine
import RealmMigrationSource
import SQLiteSink

/// `migrate [FILE…] [--runs N] [--batch-size N]`: migrates each Realm file to SQLite (in a fresh child process per
/// run, so peak RSS is that run's own), then prints median wall and CPU time, objects/s, peak RSS, the time of a full
/// verification (and its ratio to the copy), the ratios of the copy and of copy plus verification to the `sqlite3`
/// shell's `.import` of the same rows from CSV in one transaction, and —
/// for the `large`/`medium` fixtures — whether the SQLite result matches the fixture's digest file.
enum MigrationBenchmark {
    static func run(_ arguments: [String]) throws {
        var files: [String] = []
        var runs = 3
        var batchSize = Migrator.defaultBatchSize
        var iterator = arguments.makeIterator()
        while let argument = iterator.next() {
            switch argument {
            case "--runs": runs = iterator.next().flatMap { Int($0) } ?? runs
            case "--batch-size": batchSize = iterator.next().flatMap { Int($0) } ?? batchSize
            default: files.append(argument)
            }
        }
        if files.isEmpty {
            files = ["medium.v24.realm", "large.v24.realm"].map { fixturesDirectory.appendingPathComponent($0).path }
        }
        let scratch = FileManager.default.temporaryDirectory.appendingPathComponent(
            "carryover-migrate-bench-\(getpid())")
        try FileManager.default.createDirectory(at: scratch, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: scratch) }
        for file in files {
            try benchmark(file: file, runs: runs, batchSize: batchSize, scratch: scratch)
        }
    }

    /// One run in this (child) process: migrate, verify, print a JSON line with the figures.
    static func runOnce(_ arguments: [String]) throws {
        guard arguments.count == 3, let batchSize = Int(arguments[2]) else {
            throw BenchmarkError("migrate-once FILE OUT BATCH")
        }
        let source = try RealmMigrationSource(url: URL(fileURLWithPath: arguments[0]))
        let sink = try SQLiteSink(path: arguments[1])
        let start = Date()
        let cpuStart = processorSeconds(children: false)
        let outcome = try Migrator(source: source, sink: sink, batchSize: batchSize).run()
        guard outcome.checkpoint.phase == .finished else { throw BenchmarkError("the migration did not finish") }
        let migrateSeconds = Date().timeIntervalSince(start)
        let migrateCPU = processorSeconds(children: false) - cpuStart
        let migrateRSS = RealmReadBenchmark.peakResidentMegabytes()
        let verifyStart = Date()
        let verifyCPUStart = processorSeconds(children: false)
        let report = try Verifier(source: source, destination: sink).verify(level: .full)
        let result = RunResult(
            migrateSeconds: migrateSeconds, migrateCPUSeconds: migrateCPU,
            objects: try source.schema().classes.reduce(0) { $0 + (try source.objectCount(of: $1)) },
            migratePeakMegabytes: migrateRSS,
            verifySeconds: Date().timeIntervalSince(verifyStart),
            verifyCPUSeconds: processorSeconds(children: false) - verifyCPUStart,
            verifyPeakMegabytes: RealmReadBenchmark.peakResidentMegabytes(),
            verified: report.passed)
        print(String(decoding: try JSONEncoder().encode(result), as: UTF8.self))
    }

    private static func benchmark(file: String, runs: Int, batchSize: Int, scratch: URL) throws {
        let name = (file as NSString).lastPathComponent
        var results: [RunResult] = []
        let output = scratch.appendingPathComponent("out.sqlite").path
        for _ in 0..<runs {
            removeDatabase(output)
            let text = try shell(CommandLine.arguments[0], ["migrate-once", file, output, "\(batchSize)"])
            guard let line = text.split(separator: "\n").last else {
                throw BenchmarkError("no result from the child run")
            }
            results.append(try JSONDecoder().decode(RunResult.self, from: Data(line.utf8)))
        }
        let baseline = try importBaseline(output, scratch: scratch, runs: runs)
        let migrate = median(results.map(\.migrateSeconds))
        let migrateCPU = median(results.map(\.migrateCPUSeconds))
        let sourceMegabytes =
            Double((try? FileManager.default.attributesOfItem(atPath: file)[.size] as? Int) ?? 0) / 1_048_576
        let peak = results.map(\.migratePeakMegabytes).max() ?? 0
        let verify = median(results.map(\.verifySeconds))
        let verifyCPU = median(results.map(\.verifyCPUSeconds))
        let full = median(results.map { $0.migrateSeconds + $0.verifySeconds })
        let fullCPU = median(results.map { $0.migrateCPUSeconds + $0.verifyCPUSeconds })
        print(
            String(
                format: """
                    migrate %@ (batch %d, %d runs): %d objects, median %.3f s wall / %.3f s CPU (%.0f objects/s), \
                    peak RSS %.1f MB (the source file, %.1f MB, is mapped and counts as read)
                      full verification: median %.3f s wall / %.3f s CPU (%.2f× the copy wall, %.2f× CPU), \
                    peak RSS with verification %.1f MB, passed: %@
                      sqlite3 .import of the same rows from CSV, one transaction: median %.3f s wall / %.3f s CPU \
                    → copy %.2f× wall, %.2f× CPU; copy + full verification %.2f× wall, %.2f× CPU
                    """, name, batchSize, runs, results.first?.objects ?? 0, migrate, migrateCPU,
                Double(results.first?.objects ?? 0) / migrate, peak, sourceMegabytes,
                verify, verifyCPU, verify / migrate, verifyCPU / migrateCPU,
                results.map(\.verifyPeakMegabytes).max() ?? 0, results.allSatisfy(\.verified) ? "yes" : "NO",
                baseline.wall, baseline.cpu, migrate / baseline.wall, migrateCPU / baseline.cpu, full / baseline.wall,
                fullCPU / baseline.cpu))
        let digestFile = file.replacingOccurrences(of: ".realm", with: ".digest.json")
        if FileManager.default.fileExists(atPath: digestFile) {
            let mismatches = try LargeDigest.compare(database: output, digestFile: digestFile)
            print(
                mismatches.isEmpty
                    ? "  SQLite result matches \((digestFile as NSString).lastPathComponent)"
                    : "  DIGEST MISMATCH: \(mismatches.joined(separator: "; "))")
        }
    }

    /// Exports the user tables of `database` to CSV, then times the `sqlite3` shell importing them into an empty
    /// database with the same tables and indexes, in one transaction. Returns the median seconds.
    private static func importBaseline(_ database: String, scratch: URL, runs: Int) throws -> (
        wall: Double, cpu: Double
    ) {
        let tables = try shell(
            "/usr/bin/env",
            [
                "sqlite3", database,
                "SELECT name FROM sqlite_master WHERE type = 'table' AND name NOT LIKE '\\_carryover%' ESCAPE '\\' ORDER BY name",
            ]
        )
        .split(separator: "\n").map(String.init)
        let schema = try shell(
            "/usr/bin/env",
            [
                "sqlite3", database,
                "SELECT sql || ';' FROM sqlite_master WHERE sql IS NOT NULL AND name NOT LIKE '\\_carryover%' ESCAPE '\\' AND tbl_name NOT LIKE '\\_carryover%' ESCAPE '\\'",
            ])
        var script = "PRAGMA journal_mode = WAL;\nPRAGMA synchronous = NORMAL;\nBEGIN;\n"
        for table in tables {
            let csv = scratch.appendingPathComponent("\(table).csv").path
            _ = try shell("/usr/bin/env", ["sqlite3", "-csv", database, "SELECT * FROM \"\(table)\""], outputFile: csv)
            script += ".import --csv \(csv) \"\(table)\"\n"
        }
        script += "COMMIT;\n"
        let scriptPath = scratch.appendingPathComponent("import.sql").path
        try script.write(toFile: scriptPath, atomically: true, encoding: .utf8)
        var times: [Double] = []
        var processorTimes: [Double] = []
        let target = scratch.appendingPathComponent("baseline.sqlite").path
        for _ in 0..<runs {
            removeDatabase(target)
            _ = try shell("/usr/bin/env", ["sqlite3", target, schema])
            let start = Date()
            let cpuStart = processorSeconds(children: true)
            _ = try shell("/usr/bin/env", ["sqlite3", target, ".read \(scriptPath)"])
            times.append(Date().timeIntervalSince(start))
            processorTimes.append(processorSeconds(children: true) - cpuStart)
        }
        return (median(times), median(processorTimes))
    }

    private static func removeDatabase(_ path: String) {
        for suffix in ["", "-wal", "-shm"] { try? FileManager.default.removeItem(atPath: path + suffix) }
    }

    /// User plus system CPU seconds of this process, or of its waited-for children.
    static func processorSeconds(children: Bool) -> Double {
        var usage = rusage()
        #if os(Linux)
            getrusage(Int32((children ? RUSAGE_CHILDREN : RUSAGE_SELF).rawValue), &usage)
        #else
            getrusage(children ? RUSAGE_CHILDREN : RUSAGE_SELF, &usage)
        #endif
        return Double(usage.ru_utime.tv_sec + usage.ru_stime.tv_sec)
            + Double(usage.ru_utime.tv_usec + usage.ru_stime.tv_usec) / 1e6
    }

    static var fixturesDirectory: URL {
        URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
            .deletingLastPathComponent().appendingPathComponent("shared/fixtures/realm")
    }

    /// Runs a program and returns its standard output (or writes it to `outputFile`).
    @discardableResult
    static func shell(_ program: String, _ arguments: [String], outputFile: String? = nil) throws -> String {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: program)
        process.arguments = arguments
        let pipe = Pipe()
        if let outputFile {
            guard FileManager.default.createFile(atPath: outputFile, contents: nil) else {
                throw BenchmarkError("cannot create \(outputFile)")
            }
            process.standardOutput = try FileHandle(forWritingTo: URL(fileURLWithPath: outputFile))
        } else {
            process.standardOutput = pipe
        }
        try process.run()
        let data = outputFile == nil ? pipe.fileHandleForReading.readDataToEndOfFile() : Data()
        process.waitUntilExit()
        guard process.terminationStatus == 0 else {
            throw BenchmarkError(
                "\(program) \(arguments.prefix(2).joined(separator: " ")) exited with \(process.terminationStatus)")
        }
        return String(decoding: data, as: UTF8.self)
    }

    private struct RunResult: Codable {
        var migrateSeconds: Double
        var migrateCPUSeconds: Double
        var objects: Int
        var migratePeakMegabytes: Double
        var verifySeconds: Double
        var verifyCPUSeconds: Double
        var verifyPeakMegabytes: Double
        var verified: Bool
    }
}
