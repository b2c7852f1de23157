#if canImport(RealmRehearsal)
    import Foundation
    import RealmRehearsal
    import RealmRehearsalDriver
    import SwiftDataCodegen
    import SwiftDataToolchain

    /// `rehearse [--min-ios 17|18] [--runs N] [FILE…]`: the in-app Realm → SwiftData migration of medium.v24 and
    /// large.v24 (by default, and first a 10,100-object file of their shape when the environment variable
    /// `REALM_WRITER` names the `write-albums` program that scripts/build-realm-tools builds), with models generated
    /// for iOS 17 and for iOS 18 (whose models index `realmObjectKey`; one of them with `--min-ios`), each in a fresh
    /// process and a fresh store, with the program and the runtime built optimized: wall and CPU time, objects per
    /// second, peak RSS, the most models alive at once. Beside each file, the baseline: the runtime alone writing the
    /// same rows, relationships and list entries (the runtime's `ListBaseline` program, shaped as the generated
    /// models, no Realm reading, no verification), and the ratio of the migration's CPU time to it, as medians of
    /// `N` runs alternating with the baseline's (3 by default; 1 for files over 50 MB). Last, the CPU time per
    /// object at each size, to show how cost grows.
    ///
    /// Needs the release build of the rehearsal library: `swift build -c release` first.
    enum RehearsalBenchmark {
        /// What one child process measured.
        private struct Figures {
            var objects: Int
            var cpuSeconds: Double
        }

        /// One file's figures: the migration per iOS version, and the baseline when the file has its shape.
        private struct Row {
            var file: String
            var objects: Int
            var migration: [(version: Int, figures: Figures)]
            var baseline: Figures?
        }

        static func run(_ arguments: [String]) throws {
            let fixtures = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
                .deletingLastPathComponent().appendingPathComponent("shared/fixtures/realm")
            var versions: [CodegenOptions.MinimumIOS] = [.iOS17, .iOS18]
            var runs: Int?
            var paths: [String] = []
            var iterator = arguments.makeIterator()
            while let argument = iterator.next() {
                switch argument {
                case "--min-ios":
                    guard let number = iterator.next().flatMap({ Int($0) }),
                        let chosen = CodegenOptions.MinimumIOS(rawValue: number)
                    else { throw BenchmarkError("rehearse: --min-ios takes 17 or 18") }
                    versions = [chosen]
                case "--runs":
                    guard let count = iterator.next().flatMap({ Int($0) }), count > 0 else {
                        throw BenchmarkError("rehearse: --runs takes a positive number")
                    }
                    runs = count
                default: paths.append(argument)
                }
            }
            var files =
                paths.isEmpty
                ? ["medium.v24.realm", "large.v24.realm"].map { fixtures.appendingPathComponent($0) }
                : paths.map { URL(fileURLWithPath: $0) }
            let scratch = FileManager.default.temporaryDirectory.appendingPathComponent(
                "carryover-rehearse-files-\(UUID().uuidString)")
            defer { try? FileManager.default.removeItem(at: scratch) }
            let builder = try SwiftProgramBuilder()
            print(
                "rehearse: the in-app migration (copy, link, full verification) into a fresh store, one process each, "
                    + "models for iOS \(versions.map { String($0.rawValue) }.joined(separator: " and "))")
            if paths.isEmpty {
                if let writer = ProcessInfo.processInfo.environment["REALM_WRITER"] {
                    files.insert(try writeSmallFile(with: writer, into: scratch), at: 0)
                } else {
                    print(
                        "  (no 10,100-object file: set REALM_WRITER to the write-albums that scripts/build-realm-tools "
                            + "builds)")
                }
            }
            var rows: [Row] = []
            for file in files {
                // A file of more than 50 MB (minutes a run) is run once unless told otherwise.
                let size = (try? FileManager.default.attributesOfItem(atPath: file.path)[.size] as? Int) ?? 0
                rows.append(
                    try measure(file, runs: runs ?? (size > 50_000_000 ? 1 : 3), versions: versions, builder: builder))
            }
            printSizeTable(rows.sorted { $0.objects < $1.objects }, versions: versions.map(\.rawValue))
        }

        /// Rehearses `file` `count` times per iOS version, each round followed by the baseline, and prints the
        /// ratios of the medians.
        private static func measure(
            _ file: URL, runs count: Int, versions: [CodegenOptions.MinimumIOS], builder: SwiftProgramBuilder
        ) throws -> Row {
            var row = Row(file: file.lastPathComponent, objects: 0, migration: [], baseline: nil)
            var migrationCPU: [Int: [Double]] = [:]
            var baselineCPU: [Double] = []
            for _ in 0..<count {
                var classCounts: [String: Int] = [:]
                for version in versions {
                    let (figures, counts) = try rehearse(file, minimumIOS: version, builder: builder)
                    row.objects = figures.objects
                    migrationCPU[version.rawValue, default: []].append(figures.cpuSeconds)
                    classCounts = counts
                }
                if let tracks = classCounts["Track"], let albums = classCounts["Album"] {
                    baselineCPU.append(try baseline(tracks: tracks, albums: albums, builder: builder).cpuSeconds)
                }
            }
            row.migration = versions.map { version in
                let times = migrationCPU[version.rawValue] ?? []
                return (version.rawValue, Figures(objects: row.objects, cpuSeconds: median(times)))
            }
            if !baselineCPU.isEmpty {
                row.baseline = Figures(objects: row.objects, cpuSeconds: median(baselineCPU))
            }
            if let baseline = row.baseline {
                for (version, figures) in row.migration {
                    print(
                        String(
                            format: "    iOS %d: the migration %.2f s CPU, the runtime alone %.2f s CPU: %.2f×%@",
                            version, figures.cpuSeconds, baseline.cpuSeconds,
                            figures.cpuSeconds / baseline.cpuSeconds,
                            count > 1
                                ? " (medians of \(count) runs; migration \(spread(migrationCPU[version] ?? [])), "
                                    + "runtime alone \(spread(baselineCPU)))" : ""))
                }
            } else {
                print("    no baseline: the file is not of the tracks-and-albums shape")
            }
            return row
        }

        /// Writes `albums-10k.realm` into `folder` with realm-core (`writer`, built from
        /// scripts/realm-tools/write-albums.cpp): the fixtures' shape with 10,000 tracks and 100 albums, the smallest
        /// size of the table.
        private static func writeSmallFile(with writer: String, into folder: URL) throws -> URL {
            try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
            let file = folder.appendingPathComponent("albums-10k.realm")
            _ = try ChildProcess.run(writer, ["10000", file.path])
            print("  albums-10k.realm: 10,000 tracks and 100 albums of 100, written by realm-core (\(writer))")
            return file
        }

        /// Rehearses `file` in a child process; returns its figures and the number of objects of each class.
        private static func rehearse(
            _ file: URL, minimumIOS: CodegenOptions.MinimumIOS, builder: SwiftProgramBuilder
        ) throws -> (Figures, [String: Int]) {
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
                    format: "  %@, iOS %d models: %d objects, %.1f s wall, %.1f s CPU, %.0f objects/s, "
                        + "peak RSS %.0f MiB, at most %d models alive, verification %@",
                    file.lastPathComponent, minimumIOS.rawValue, objects, run.wallSeconds, run.cpuSeconds,
                    Double(objects) / run.wallSeconds, run.peakMegabytes, result.peakLiveModels ?? -1,
                    report.verification.passed ? "passed" : "FAILED"))
            let counts = Dictionary(
                report.verification.classes.map { ($0.name, $0.sourceCount) }, uniquingKeysWith: { first, _ in first })
            return (Figures(objects: objects, cpuSeconds: run.cpuSeconds), counts)
        }

        /// The runtime alone writing `tracks` tracks, `albums` albums and their list entries (100 per album, the
        /// fixtures' shape) in a child process.
        private static func baseline(tracks: Int, albums: Int, builder: SwiftProgramBuilder) throws -> Figures {
            let source = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
                .appendingPathComponent("Tests/SwiftDataRuntimeTests/Programs")
            let main = try String(contentsOf: source.appendingPathComponent("ListBaseline.swift.txt"), encoding: .utf8)
            let program = try builder.build(files: ["main.swift": main], optimized: true)
            let folder = FileManager.default.temporaryDirectory.appendingPathComponent(
                "carryover-runtime-bench-\(UUID().uuidString)")
            try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
            defer { try? FileManager.default.removeItem(at: folder) }
            let run = try ChildProcess.run(program.path, [folder.path, String(tracks), String(albums), "100"])
            // The program prints its own peak RSS (VmHWM); the child's `ru_maxrss` would also count this process's
            // memory at the spawn.
            print(
                String(
                    format:
                        "    baseline, the runtime alone (%d tracks, %d albums, %d entries): %.1f s wall, %.1f s CPU",
                    tracks, albums, albums * 100, run.wallSeconds, run.cpuSeconds))
            for line in run.output.split(separator: "\n") { print("      \(line)") }
            return Figures(objects: tracks + albums + albums * 100, cpuSeconds: run.cpuSeconds)
        }

        /// The lowest and highest of `values`, as "a–b s".
        private static func spread(_ values: [Double]) -> String {
            String(format: "%.2f–%.2f s", values.min() ?? 0, values.max() ?? 0)
        }

        /// CPU time per object at each size, and each size's CPU time against the next smaller one's.
        private static func printSizeTable(_ rows: [Row], versions: [Int]) {
            print("cost per object by size (CPU µs per object of the file; growth = CPU ratio to the previous size)")
            let columns = versions.map { "iOS \($0)" } + ["runtime alone"]
            print("  " + (["objects"] + columns).map { $0.padding(toLength: 22, withPad: " ", startingAt: 0) }.joined())
            var previous: Row?
            for row in rows {
                var cells = [String(row.objects)]
                let cpus =
                    versions.map { version in row.migration.first { $0.version == version }?.figures.cpuSeconds }
                    + [row.baseline?.cpuSeconds]
                let previousCPUs =
                    versions.map { version in
                        previous?.migration.first { $0.version == version }?.figures.cpuSeconds
                    } + [previous?.baseline?.cpuSeconds]
                for (cpu, before) in zip(cpus, previousCPUs) {
                    guard let cpu else {
                        cells.append("-")
                        continue
                    }
                    var cell = String(format: "%.1f µs", cpu / Double(row.objects) * 1_000_000)
                    if let before { cell += String(format: " (%.1f×)", cpu / before) }
                    cells.append(cell)
                }
                if let previous {
                    cells[0] += String(format: " (%.1f×)", Double(row.objects) / Double(previous.objects))
                }
                print("  " + cells.map { $0.padding(toLength: 22, withPad: " ", startingAt: 0) }.joined())
                previous = row
            }
        }
    }
#endif
