import Foundation
import MigrationEngine
import RealmMigrationSource
import RealmSchema
import RealmSchemaUpgrade

/// `upgrade`: reading every object of a file through the schema upgrade, against reading the file as it is, each
/// pass in a fresh child process (`upgrade-child FILE MODE`) so peak RSS is its own. Modes: `plain` (the file as the
/// app's models, no upgrade), `added` (the app one version on, one added `Int` property per class: Realm's automatic
/// change, no block), `block` (the same, and a migration block setting it on every object: the overlay holds one
/// value per object).
enum SchemaUpgradeBenchmark {
    static func run(_ arguments: [String]) throws {
        var runs = 3
        var files: [String] = []
        var iterator = arguments.makeIterator()
        while let argument = iterator.next() {
            if argument == "--runs" {
                runs = iterator.next().flatMap { Int($0) } ?? runs
            } else {
                files.append(argument)
            }
        }
        if files.isEmpty {
            let fixtures = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
                .deletingLastPathComponent().appendingPathComponent("shared/fixtures/realm")
            files = ["medium.v24.realm", "large.v24.realm"].map { fixtures.appendingPathComponent($0).path }
        }
        print("upgrade: every object read through the schema upgrade, medians of \(runs) runs in fresh processes")
        for file in files {
            var results: [String: (seconds: [Double], peak: [Double], objects: Int)] = [:]
            for _ in 0..<runs {
                for mode in ["plain", "added", "block"] {
                    let (seconds, peak, objects) = try child(file, mode)
                    results[mode, default: ([], [], objects)].seconds.append(seconds)
                    results[mode, default: ([], [], objects)].peak.append(peak)
                }
            }
            let plain = results["plain"]
            print("  \(URL(fileURLWithPath: file).lastPathComponent) (\(plain?.objects ?? 0) objects):")
            for mode in ["plain", "added", "block"] {
                guard let result = results[mode], let plain else { continue }
                print(
                    String(
                        format: "    %-6@ %7.2f s  peak RSS %6.1f MB  -> %.2fx time, %.2fx memory of plain", mode,
                        median(result.seconds), median(result.peak), median(result.seconds) / median(plain.seconds),
                        median(result.peak) / median(plain.peak)))
            }
        }
    }

    /// One pass in this process; prints the number of objects read (the parent measures time and peak RSS).
    static func runChild(_ arguments: [String]) throws {
        guard arguments.count == 2 else { throw BenchmarkError("upgrade-child FILE plain|added|block") }
        let file = try RealmMigrationSource(url: URL(fileURLWithPath: arguments[0]))
        var schema = file.realm.schema
        let sdkClasses = Set(file.realm.tables.compactMap(\.className))
        schema.objectTypes = schema.objectTypes.filter { sdkClasses.contains($0.name) }
        if arguments[1] != "plain" {
            schema.version = (schema.version ?? 0) + 1
            for index in schema.objectTypes.indices {
                schema.objectTypes[index].properties.append(Property(name: "carryoverAdded", type: .int))
            }
        }
        let names = schema.objectTypes.map(\.name)
        var block: MigrationBlock? = nil
        if arguments[1] == "block" {
            block = { migration, _ in
                for name in names {
                    migration.enumerateObjects(ofType: name) { _, newObject in newObject?["carryoverAdded"] = 7 }
                }
            }
        }
        let upgrade = try RealmSchemaUpgrade(file: file, appSchema: schema, migrationBlock: block)
        var objects = 0
        var checksum = 0
        for cls in try upgrade.source.schema().classes {
            let cursor = try upgrade.source.records(of: cls, after: nil)
            while let record = try cursor.next() {
                objects += 1
                checksum &+= record.values.count + record.incomingLinks.count
            }
        }
        guard checksum > 0 || objects == 0 else { throw BenchmarkError("nothing read") }
        print(objects)
    }

    private static func child(_ file: String, _ mode: String) throws -> (Double, Double, Int) {
        let run = try ChildProcess.run(CommandLine.arguments[0], ["upgrade-child", file, mode])
        guard let objects = Int(run.output.trimmingCharacters(in: .whitespacesAndNewlines)) else {
            throw BenchmarkError("upgrade-child \(file) \(mode) printed \(run.output)")
        }
        return (run.wallSeconds, run.peakMegabytes, objects)
    }
}
