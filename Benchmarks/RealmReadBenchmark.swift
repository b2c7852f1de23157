import Foundation
import RealmFile

/// `realm-read [FILE…] [--runs N] [--read]`: opens each Realm file and reads every object of every table, printing
/// the median wall time, objects per second and the process's peak RSS. Defaults to the `large` and `medium`
/// fixtures. The file is memory-mapped (what `RealmFileReader(url:)` does); `--read` reads it into memory first
/// (`RealmFileReader(data:)`, time to read the file included), to compare the two ways of opening a file.
enum RealmReadBenchmark {
    static func run(_ arguments: [String]) throws {
        var files: [String] = []
        var runs = 3
        var readIntoMemory = false
        var iterator = arguments.makeIterator()
        while let argument = iterator.next() {
            if argument == "--runs", let value = iterator.next(), let count = Int(value) {
                runs = count
            } else if argument == "--read" {
                readIntoMemory = true
            } else {
                files.append(argument)
            }
        }
        if files.isEmpty {
            let fixtures = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
                .deletingLastPathComponent().appendingPathComponent("shared/fixtures/realm")
            files = ["medium.v24.realm", "large.v24.realm"].map { fixtures.appendingPathComponent($0).path }
        }
        for file in files {
            var times: [Double] = []
            var objects = 0
            for _ in 0..<runs {
                let start = Date()
                let url = URL(fileURLWithPath: file)
                objects = try readAll(
                    readIntoMemory ? RealmFileReader(data: Data(contentsOf: url)) : RealmFileReader(url: url))
                times.append(Date().timeIntervalSince(start))
            }
            times.sort()
            let median = times[times.count / 2]
            print(
                String(
                    format:
                        "realm-read %@ (%@): %d objects, median %.3f s over %d runs (%.0f objects/s), peak RSS %.1f MB",
                    (file as NSString).lastPathComponent, readIntoMemory ? "read into memory" : "memory-mapped",
                    objects, median, runs, Double(objects) / median,
                    peakResidentMegabytes()))
        }
    }

    /// Reads every value of every object; returns the number of objects.
    static func readAll(_ realm: RealmFileReader) throws -> Int {
        var objects = 0
        var checksum = 0
        for table in realm.tables {
            var cursor = realm.objects(in: table)
            while let object = try cursor.next() {
                objects += 1
                checksum &+= object.values.count
            }
        }
        precondition(checksum >= 0)
        return objects
    }

    /// The peak resident set size of this process (VmHWM on Linux, ru_maxrss elsewhere).
    static func peakResidentMegabytes() -> Double {
        if let status = try? String(contentsOfFile: "/proc/self/status", encoding: .utf8),
            let line = status.split(separator: "\n").first(where: { $0.hasPrefix("VmHWM:") }),
            let kilobytes = Double(line.split(separator: " ").dropFirst().first ?? "")
        {
            return kilobytes / 1024
        }
        return 0
    }
}
