import Foundation
import TestSupport
import Testing

/// Figures, never assertions beyond "it ran": 1,000,000 tracks in batches of 5,000 per save, 10,000 albums × 100
/// links, fetch by unique key, peak RSS. Opt-in (minutes): `CARRYOVER_RUNTIME_BENCHMARK=1 swift test --filter
/// RuntimeBenchmarkTests`, or with `-c release` for release figures. `CARRYOVER_RUNTIME_BENCHMARK_TRACKS` scales it.
@Suite struct RuntimeBenchmarkTests {
    static let enabled = ProcessInfo.processInfo.environment["CARRYOVER_RUNTIME_BENCHMARK"] != nil

    @Test(.enabled(if: enabled)) func millionTracksInBatches() throws {
        let environment = ProcessInfo.processInfo.environment
        let tracks = environment["CARRYOVER_RUNTIME_BENCHMARK_TRACKS"] ?? "1000000"
        let directory = try TemporaryDirectory("swiftdata-runtime-benchmark")
        defer { directory.remove() }
        let run = try TestPrograms.run(
            try TestPrograms.executable("Benchmark", optimized: true), [directory.url.path, tracks, "10000", "100"])
        print(run.output)
        #expect(run.status == 0, "\(run.output)")
    }
}
