#if canImport(RealmRehearsal)
    import Foundation
    import RealmRehearsal
    import RealmRehearsalDriver
    import SwiftDataCodegen
    import SwiftDataToolchain

    /// `rehearse [--min-ios 18] [FILE…]`: the in-app Realm → SwiftData migration of medium.v24 and large.v24 (by
    /// default) with models generated for iOS 17 (or 18, whose models index `realmObjectKey`), each in a
    /// fresh process and a fresh store, with the program and the runtime built optimized: wall and CPU time,
    /// objects per second, peak RSS, the most models alive at once; and, as the baseline, the runtime's own cost of
    /// inserting the same rows (the runtime's benchmark program: as many tracks with six attributes, albums with
    /// 100 links each) without any Realm reading or verification.
    ///
    /// Needs the release build of the rehearsal library: `swift build -c release` first.
    enum RehearsalBenchmark {
        static func run(_ arguments: [String]) throws {
            let fixtures = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
                .deletingLastPathComponent().appendingPathComponent("shared/fixtures/realm")
            var arguments = arguments
            var minimumIOS = CodegenOptions.MinimumIOS.iOS17
            if arguments.first == "--min-ios" {
                guard arguments.count > 1, let number = Int(arguments[1]),
                    let chosen = CodegenOptions.MinimumIOS(rawValue: number)
                else { throw BenchmarkError("rehearse: --min-ios takes 17 or 18") }
                minimumIOS = chosen
                arguments.removeFirst(2)
            }
            let files =
                arguments.isEmpty
                ? ["medium.v24.realm", "large.v24.realm"].map { fixtures.appendingPathComponent($0) }
                : arguments.map { URL(fileURLWithPath: $0) }
            let builder = try SwiftProgramBuilder()
            print(
                "rehearse: the in-app migration (copy, link, full verification) into a fresh store, one process each, "
                    + "models for iOS \(minimumIOS.rawValue)")
            for file in files {
                var rehearsal = RealmRehearsal(realmFile: file, builder: builder)
                rehearsal.minimumIOS = minimumIOS
                let program = try rehearsal.program(optimized: true)
                let folder = FileManager.default.temporaryDirectory.appendingPathComponent(
                    "carryover-rehearse-bench-\(UUID().uuidString)")
                try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
                defer { try? FileManager.default.removeItem(at: folder) }
                let request = RehearsalRequest(
                    realmFile: file.path, store: folder.appendingPathComponent("default.store").path,
                    batchSize: 1_000, encryptionKeyHex: nil, dumpDirectory: nil, verification: .full)
                // The program reports progress on standard error, line by line: not part of the figures.
                let run = try ChildProcess.run(
                    program.path, [String(decoding: try JSONEncoder().encode(request), as: UTF8.self)],
                    discardingErrors: true)
                guard let line = run.output.split(separator: "\n").last,
                    let result = try? JSONDecoder().decode(RehearsalResult.self, from: Data(line.utf8)),
                    case .migrated(let report) = result.outcome
                else {
                    throw BenchmarkError("the rehearsal of \(file.lastPathComponent) did not migrate: \(run.output)")
                }
                let objects = report.verification.classes.reduce(0) { $0 + $1.sourceCount }
                print(
                    String(
                        format: "  %@: %d objects, %.1f s wall, %.1f s CPU, %.0f objects/s, peak RSS %.0f MiB, "
                            + "at most %d models alive, verification %@",
                        file.lastPathComponent, objects, run.wallSeconds, run.cpuSeconds,
                        Double(objects) / run.wallSeconds, run.peakMegabytes, result.peakLiveModels ?? -1,
                        report.verification.passed ? "passed" : "FAILED"))
                try baseline(for: file, builder: builder)
            }
        }

        /// The runtime's own benchmark program with the same number of tracks and albums.
        private static func baseline(for file: URL, builder: SwiftProgramBuilder) throws {
            let counts = file.lastPathComponent.hasPrefix("large") ? ("1000000", "10000") : ("100000", "1000")
            let source = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
                .appendingPathComponent("Tests/SwiftDataRuntimeTests/Programs")
            let main = try String(contentsOf: source.appendingPathComponent("Benchmark.swift.txt"), encoding: .utf8)
            let program = try builder.build(files: ["main.swift": main], optimized: true)
            let folder = FileManager.default.temporaryDirectory.appendingPathComponent(
                "carryover-runtime-bench-\(UUID().uuidString)")
            try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
            defer { try? FileManager.default.removeItem(at: folder) }
            let run = try ChildProcess.run(program.path, [folder.path, counts.0, counts.1, "100"])
            print(
                String(
                    format:
                        "    baseline, the runtime alone (%@ tracks, %@ albums × 100 links): %.1f s wall, peak RSS %.0f MiB",
                    counts.0, counts.1, run.wallSeconds, run.peakMegabytes))
            for line in run.output.split(separator: "\n") { print("      \(line)") }
        }
    }
#endif
