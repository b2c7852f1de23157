import Foundation
import RealmExport
import RealmFile

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// `realm-export [FILE] [--runs N]`: exports FILE (default: the `large` fixture) as `json` and `xjson` to
/// /dev/null, each run in a child process, on the default number of threads and on one, and prints the median wall
/// time, CPU time and peak RSS (the child's `ru_maxrss`) with their ratios to realm-core's own `realm2json`: run side
/// by side on the same file (`--output-mode 0` and `1`, to /dev/null, alternating with ours) when the environment
/// variable `REALM2JSON` names its executable, else its figures recorded for the `large` fixture on the reference
/// machine (3.3 s json, 4.2 s xjson, ~94 MB). For the `large` fixture it then checks the file's digest against
/// `large.v24.digest.json`.
enum RealmExportBenchmark {
    /// realm2json's figures for `large.v24.realm` on the 2-core reference machine.
    private static let engineSeconds: [String: Double] = ["json": 3.3, "xjson": 4.2]
    private static let engineMegabytes = 94.0

    static func run(_ arguments: [String]) throws {
        var file: String?
        var runs = 5
        var iterator = arguments.makeIterator()
        while let argument = iterator.next() {
            if argument == "--runs", let value = iterator.next(), let count = Int(value), count > 0 {
                runs = count
            } else {
                file = argument
            }
        }
        let fixtures = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
            .deletingLastPathComponent().appendingPathComponent("shared/fixtures/realm")
        let path = file ?? fixtures.appendingPathComponent("large.v24.realm").path
        print("realm-export \((path as NSString).lastPathComponent), \(runs) runs per format, to /dev/null")
        if !nullDeviceIsReal {
            print("  note: /dev/null is not the null device here (a regular file); output is discarded in process")
        }
        let threadCounts =
            EngineJSONExporter.defaultThreadCount == 1 ? [1] : [EngineJSONExporter.defaultThreadCount, 1]
        let engine = ProcessInfo.processInfo.environment["REALM2JSON"].flatMap {
            FileManager.default.isExecutableFile(atPath: $0) ? $0 : nil
        }
        print(
            engine.map { "  realm2json: \($0), run side by side" }
                ?? "  realm2json: recorded figures (set REALM2JSON to its executable to run it side by side)")
        for format in ["json", "xjson"] {
            var samples: [Int: [ChildProcess.Run]] = [:]
            var engineSamples: [ChildProcess.Run] = []
            for _ in 0..<runs {
                // Alternating, so that a drift of the machine's speed touches every program alike.
                for threads in threadCounts {
                    samples[threads, default: []].append(
                        try runChild(["realm-export-child", path, format, "\(threads)"]))
                }
                if let engine {
                    engineSamples.append(
                        try ChildProcess.run(
                            engine, ["--output-mode", format == "json" ? "0" : "1", path], discardingOutput: true))
                }
            }
            let baseline: (seconds: Double, megabytes: Double)? =
                engine == nil
                ? (file == nil ? engineSeconds[format].map { ($0, engineMegabytes) } : nil)
                : (median(engineSamples.map(\.wallSeconds)), median(engineSamples.map(\.peakMegabytes)))
            if engine != nil {
                print(
                    String(
                        format: "  %-5@ realm2json  wall %.2f s  cpu %.2f s  peak RSS %.1f MB", format,
                        median(engineSamples.map(\.wallSeconds)), median(engineSamples.map(\.cpuSeconds)),
                        median(engineSamples.map(\.peakMegabytes))))
            }
            let engineCPU = engine == nil ? baseline?.seconds : median(engineSamples.map(\.cpuSeconds))
            for threads in threadCounts {
                printFigures(format, threads, samples[threads] ?? [], baseline: baseline, baselineCPU: engineCPU)
            }
        }
        if file == nil { try checkDigest(fixtures) }
    }

    private static func printFigures(
        _ format: String, _ threads: Int, _ samples: [ChildProcess.Run],
        baseline: (seconds: Double, megabytes: Double)?, baselineCPU: Double?
    ) {
        let wall = median(samples.map(\.wallSeconds))
        let cpu = median(samples.map(\.cpuSeconds))
        let rss = median(samples.map(\.peakMegabytes))
        var line = String(
            format: "  %-5@ %d thread%@  wall %.2f s  cpu %.2f s  peak RSS %.1f MB", format, threads,
            threads == 1 ? " " : "s", wall, cpu, rss)
        if let baseline, let baselineCPU {
            line += String(
                format: "  (vs realm2json: wall ×%.2f, cpu ×%.2f, RSS ×%.2f)", wall / baseline.seconds,
                cpu / baselineCPU, rss / baseline.megabytes)
        }
        print(line)
    }

    /// The child side: one export to /dev/null (or, when /dev/null is not the null device, discarded in process).
    static func exportOnce(_ arguments: [String]) throws {
        guard arguments.count == 3, let threads = Int(arguments[2]) else {
            throw BenchmarkError("usage: realm-export-child FILE json|xjson THREADS")
        }
        let file = try RealmFileReader(url: URL(fileURLWithPath: arguments[0]))
        let destination: any ByteDestination
        if nullDeviceIsReal, let handle = FileHandle(forWritingAtPath: "/dev/null") {
            destination = FileHandleDestination(handle)
        } else {
            destination = DiscardingDestination()
        }
        let output = OutputBuffer(destination: destination, capacity: 1 << 18)
        try EngineJSONExporter(
            source: file, mode: arguments[1] == "xjson" ? .xjson : .json, output: output, threads: threads
        ).writeDocument()
    }

    /// Whether /dev/null is the character device (a process running as root can replace it with a regular file).
    private static var nullDeviceIsReal: Bool {
        (try? FileManager.default.attributesOfItem(atPath: "/dev/null")[.type] as? FileAttributeType)
            == .typeCharacterSpecial
    }

    /// Drops everything written to it.
    private final class DiscardingDestination: ByteDestination {
        func write(_ bytes: UnsafeRawBufferPointer) throws {}
    }

    private static func checkDigest(_ fixtures: URL) throws {
        let start = Date()
        let file = try RealmFileReader(url: fixtures.appendingPathComponent("large.v24.realm"))
        let ours = try RealmDigest.compute(file) as NSDictionary
        let seconds = Date().timeIntervalSince(start)
        let truth =
            try JSONSerialization.jsonObject(
                with: Data(contentsOf: fixtures.appendingPathComponent("large.v24.digest.json"))) as? NSDictionary
        let verdict =
            truth.map { ours.isEqual(to: $0 as? [AnyHashable: Any] ?? [:]) } == true ? "matches" : "DIFFERS from"
        print(String(format: "  digest of large.v24.realm %@ large.v24.digest.json (%.2f s)", verdict, seconds))
    }

    private static func runChild(_ arguments: [String]) throws -> ChildProcess.Run {
        try ChildProcess.run(CommandLine.arguments[0], arguments)
    }
}
