import Foundation
import RudderMigration

/// `CarryoverBenchmarks rudder`: medians of `migrate()` on an already-migrated destination (the cost every app
/// launch pays; must be one read of the destination) and of a first full migration.
func runRudderBenchmarks() throws {
    let folder = FileManager.default.temporaryDirectory.appendingPathComponent("carryover-bench-\(UUID().uuidString)")
    defer { try? FileManager.default.removeItem(at: folder) }
    let plistURL = folder.appendingPathComponent("Library/rsDefaultsPersistence.plist")
    let defaultsURL = folder.appendingPathComponent("Library/Preferences/com.example.shop.plist")
    let destinationURL = folder.appendingPathComponent("Library/Preferences/com.example.shop.analytics.KEY.plist")
    try writeBenchmarkPlist(benchmarkLegacyValues, to: plistURL)
    try writeBenchmarkPlist(benchmarkLegacyValues, to: defaultsURL)

    func migrator(_ destination: any KeyValueStore) -> RudderLegacyMigrator {
        RudderLegacyMigrator(
            legacyPlistURL: plistURL, legacyStandardDefaults: PropertyListFileStore(url: defaultsURL),
            destination: destination)
    }

    // First full migration into the plist-file destination (the destination is deleted between runs, untimed).
    let firstRuns = 300
    var firstTimes: [UInt64] = []
    var firstCounts = (reads: 0, writes: 0)
    for _ in 0..<firstRuns {
        try? FileManager.default.removeItem(at: destinationURL)
        let store = ReadCountingStore(PropertyListFileStore(url: destinationURL))
        let (report, nanoseconds) = try timed { try migrator(store).migrate() }
        guard report.outcome == .migrated else { throw BenchmarkError("first run ended \(report.outcome)") }
        firstTimes.append(nanoseconds)
        firstCounts = (store.reads, store.writes)
    }

    // The same with an in-memory destination: the cost of reading legacy storage, planning and verifying.
    var memoryTimes: [UInt64] = []
    for _ in 0..<firstRuns {
        let (_, nanoseconds) = try timed { try migrator(InMemoryKeyValueStore()).migrate() }
        memoryTimes.append(nanoseconds)
    }

    // Already migrated: every later launch.
    let laterRuns = 5000
    var laterTimes: [UInt64] = []
    var laterCounts = (reads: 0, writes: 0)
    for _ in 0..<laterRuns {
        let store = ReadCountingStore(PropertyListFileStore(url: destinationURL))
        let (report, nanoseconds) = try timed { try migrator(store).migrate() }
        guard report.outcome == .alreadyMigrated else { throw BenchmarkError("later run ended \(report.outcome)") }
        laterTimes.append(nanoseconds)
        laterCounts = (store.reads, store.writes)
    }

    // The pure planning step alone.
    let snapshot = LegacySnapshot(
        plist: benchmarkLegacyValues.reduce(into: [:]) { result, pair in
            if let key = LegacyKey(rawValue: pair.key), let value = PropertyListValue(foundationObject: pair.value) {
                result[key] = value
            }
        }, standardDefaults: [:], sources: [])
    var planTimes: [UInt64] = []
    for _ in 0..<5000 {
        let (_, nanoseconds) = timed { RudderMigrationPlanner.plan(snapshot, now: Date()) }
        planTimes.append(nanoseconds)
    }

    print("rudder: migrate() medians (plist-file destination, legacy plist + standard defaults on disk)")
    print(
        "  already migrated  \(microseconds(median(laterTimes))) µs over \(laterRuns) runs; "
            + "destination reads per run: \(laterCounts.reads), writes: \(laterCounts.writes)")
    print(
        "  first migration   \(microseconds(median(firstTimes))) µs over \(firstRuns) runs; "
            + "destination reads per run: \(firstCounts.reads) (check + read-back), writes: \(firstCounts.writes) "
            + "(started marker, values, completion marker)")
    print("  first migration, in-memory destination  \(microseconds(median(memoryTimes))) µs over \(firstRuns) runs")
    print("  planning alone (pure)                   \(microseconds(median(planTimes))) µs over 5000 runs")
    print(
        "  ratio first / already migrated: "
            + String(format: "%.1f", Double(median(firstTimes)) / Double(max(median(laterTimes), 1))))
    try runRudderV2Benchmarks(folder: folder.appendingPathComponent("v2"))
}

/// The v2 source: a first migration (standard defaults with archived traits, plist-file destination), an already
/// migrated launch, and the traits archive's decoding within the pure planning step.
private func runRudderV2Benchmarks(folder: URL) throws {
    let defaultsURL = folder.appendingPathComponent("Library/Preferences/com.example.shop.plist")
    let destinationURL = folder.appendingPathComponent("Library/Preferences/com.example.shop.analytics.KEY.plist")
    let traits = try NSKeyedArchiver.archivedData(
        withRootObject: [
            "userId": "user-8231", "email": "ada@example.com", "plan": "pro", "address": ["city": "Lisbon"],
            "tags": ["beta", "ios"], "age": 41,
        ], requiringSecureCoding: false)
    let values: [String: Any] = [
        "rs_user_id": "user-8231", "rs_traits": traits, "rl_session_id": NSNumber(value: 1_717_171_000),
        "rl_session_manual_track_status": false, "rl_last_event_time_stamp": NSNumber(value: 1_717_171_542),
        "rs_application_version_key": "3.4.1", "rs_application_build_key": "341", "rs_server_config": Data(count: 512),
    ]
    try writeBenchmarkPlist(values, to: defaultsURL)
    let device = RudderV2DeviceID.known("0F1E2D3C-4B5A-4697-8877-665544332211")
    func migrator(_ destination: any KeyValueStore) -> RudderLegacyMigrator {
        RudderLegacyMigrator(
            legacyPlistURL: folder.appendingPathComponent("Library/rsDefaultsPersistence.plist"),
            legacyStandardDefaults: PropertyListFileStore(url: defaultsURL), destination: destination, source: .auto,
            v2DeviceID: device)
    }

    var firstTimes: [UInt64] = []
    for _ in 0..<300 {
        try? FileManager.default.removeItem(at: destinationURL)
        let (report, nanoseconds) = try timed { try migrator(PropertyListFileStore(url: destinationURL)).migrate() }
        guard report.outcome == .migrated, report.legacySDK == .v2 else {
            throw BenchmarkError("v2 first run ended \(report.outcome)")
        }
        firstTimes.append(nanoseconds)
    }
    var laterTimes: [UInt64] = []
    for _ in 0..<5000 {
        let (report, nanoseconds) = try timed { try migrator(PropertyListFileStore(url: destinationURL)).migrate() }
        guard report.outcome == .alreadyMigrated else { throw BenchmarkError("v2 later run ended \(report.outcome)") }
        laterTimes.append(nanoseconds)
    }
    var plain: [LegacyV2Key: PropertyListValue] = [:]
    for (key, value) in values {
        if let v2Key = LegacyV2Key(rawValue: key), let value = PropertyListValue(foundationObject: value) {
            plain[v2Key] = value
        }
    }
    let snapshot = LegacyV2Snapshot(
        values: plain, deviceID: device,
        source: SourceReport(source: .standardDefaults, location: "memory", status: .read))
    var withoutTraits = snapshot
    withoutTraits.values[.traits] = nil
    var planTimes: [UInt64] = []
    var planWithoutTraitsTimes: [UInt64] = []
    for _ in 0..<5000 {
        planTimes.append(timed { RudderV2MigrationPlanner.plan(snapshot, now: Date()) }.1)
        planWithoutTraitsTimes.append(timed { RudderV2MigrationPlanner.plan(withoutTraits, now: Date()) }.1)
    }

    print(
        "rudder v2: migrate() medians (source auto → v2, plist-file destination, \(traits.count)-byte traits archive)")
    print("  already migrated  \(microseconds(median(laterTimes))) µs over 5000 runs")
    print("  first migration   \(microseconds(median(firstTimes))) µs over 300 runs")
    print(
        "  planning alone (pure)  \(microseconds(median(planTimes))) µs; without the traits archive "
            + "\(microseconds(median(planWithoutTraitsTimes))) µs (over 5000 runs each)")
}

private var benchmarkLegacyValues: [String: Any] {
    [
        "rl_anonymous_id": "6A1B0E4C-3F2D-4C8B-9E7A-5D1F2C3B4A59",
        "rl_traits":
            #"{"anonymousId":"6A1B0E4C-3F2D-4C8B-9E7A-5D1F2C3B4A59","userId":"user-8231","id":"user-8231","#
            + #""email":"ada@example.com","plan":"pro","address":{"city":"Lisbon"}}"#,
        "rl_session_id": NSNumber(value: 1_717_171_000), "rl_session_auto_track_status": true,
        "rl_last_event_time_stamp": NSNumber(value: 1_717_171_542), "rl_application_version_key": "3.4.1",
        "rl_application_build_key": "341", "rl_server_config": #"{"isHosted":true}"#,
    ]
}

private func writeBenchmarkPlist(_ values: [String: Any], to url: URL) throws {
    try FileManager.default.createDirectory(at: url.deletingLastPathComponent(), withIntermediateDirectories: true)
    try PropertyListSerialization.data(fromPropertyList: values, format: .binary, options: 0).write(to: url)
}

private func timed<T>(_ body: () throws -> T) rethrows -> (T, UInt64) {
    let start = DispatchTime.now().uptimeNanoseconds
    let result = try body()
    return (result, DispatchTime.now().uptimeNanoseconds &- start)
}

private func microseconds(_ nanoseconds: UInt64) -> String {
    String(format: "%.1f", Double(nanoseconds) / 1000)
}

/// Counts calls through the `KeyValueStore` protocol.
private final class ReadCountingStore: KeyValueStore {
    private let base: any KeyValueStore
    private(set) var reads = 0
    private(set) var writes = 0
    init(_ base: any KeyValueStore) { self.base = base }
    var identity: String { base.identity }
    func values(forKeys keys: [String]) throws -> [String: PropertyListValue] {
        reads += 1
        return try base.values(forKeys: keys)
    }
    func write(_ values: [String: PropertyListValue]) throws {
        writes += 1
        try base.write(values)
    }
    func removeValues(forKeys keys: [String]) throws { try base.removeValues(forKeys: keys) }
}
