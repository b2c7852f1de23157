import Foundation
import RudderMigration
import TestSupport
import Testing

/// The seeded fuzz run of `FuzzTests`, on v2 data: random values of every type under the v2 keys, traits archives
/// that are valid, cut short, changed or random, every device id case, source selection and Swift SDK clock. The
/// migration must return a report (never crash), write only what it planned, and never write a value the Swift SDK
/// would misread. `CARRYOVER_FUZZ_SEED` and `CARRYOVER_FUZZ_ITERATIONS` work as in `FuzzTests`.
@Suite struct FuzzV2Tests {
    @Test func randomV2DataNeverCrashesAndWritesOnlyWellTypedValues() throws {
        let environment = ProcessInfo.processInfo.environment
        let seed = environment["CARRYOVER_FUZZ_SEED"].flatMap(UInt64.init) ?? UInt64.random(in: 1...UInt64.max)
        let iterations = environment["CARRYOVER_FUZZ_ITERATIONS"].flatMap(Int.init) ?? 1500
        print(
            "RudderMigration v2 fuzz seed: \(seed) (replay: CARRYOVER_FUZZ_SEED=\(seed) SWIFT_DETERMINISTIC_HASHING=1)")
        var random = SeededRandomNumberGenerator(seed: seed)
        let container = try LegacyContainer()
        let files = MemoryFileAccess()
        let v1Plist = try PropertyListSerialization.data(
            fromPropertyList: GuideExample.legacyValues, format: .binary, options: 0)
        var outcomes: [String: Int] = [:]

        for iteration in 0..<iterations {
            let context = "seed \(seed) iteration \(iteration)"
            files.set(random.next(below: 5) == 0 ? v1Plist : nil, at: container.plistURL)
            files.set(try standardDefaults(using: &random), at: container.standardDefaultsURL)
            let deviceID = Self.deviceIDs[Int(random.next(below: UInt64(Self.deviceIDs.count)))]
            let selection = RudderLegacySDK.Selection.allCases[Int(random.next(below: 3))]
            let clock = SwiftSDKClock.allCases[Int(random.next(below: 2))]
            let uptime: TimeInterval? = random.next(below: 3) == 0 ? nil : Double(random.next(below: 3_000_000))
            let now = Date(timeIntervalSince1970: Double(random.next(below: 2_000_000_000)))
            let destination = InMemoryKeyValueStore(identity: "fuzz-v2")
            let report: RudderMigrationReport
            do {
                report = try container.migrator(
                    source: selection, v2DeviceID: deviceID, options: RudderMigrationOptions(swiftSDKClock: clock),
                    fileAccess: files, destination: destination, now: now, systemUptime: uptime
                ).migrate()
            } catch {
                Issue.record("\(context): migrate() threw \(error)")
                continue
            }
            outcomes["\(report.legacySDK?.rawValue ?? "-") \(report.outcome.rawValue)", default: 0] += 1
            if report.outcome == .deferred {
                #expect(deviceID == .notYetAvailable && report.legacySDK == .v2, "\(context)")
                #expect(Array(destination.storage.keys) == [RudderMigrationMarker.deferred], "\(context)")
                continue
            }
            #expect([.migrated, .nothingToMigrate].contains(report.outcome), "\(context)")
            #expect(report.fields.map(\.field) == RudderField.allCases, "\(context)")
            for field in report.fields {
                let stored = destination.storage[field.field.destinationKey]
                switch field.outcome {
                case .migrated(let value, _):
                    #expect(value.matches(stored), "\(context): \(field.field)")
                    #expect(FuzzTests.isWhatTheSDKReads(value, for: field.field), "\(context): \(field.field)")
                case .skipped, .absent:
                    #expect(stored == nil, "\(context): \(field.field) written although not migrated")
                }
            }
        }
        print("RudderMigration v2 fuzz outcomes: \(outcomes.map { "\($0.key): \($0.value)" }.sorted())")
    }

    static let deviceIDs: [RudderV2DeviceID] = [
        .known("0F1E2D3C-4B5A-4697-8877-665544332211"), .known(""), .unknown(reason: "fuzz"), .notYetAvailable,
    ]

    /// No file, random bytes, or a plist whose v2 keys hold random values (traits mostly as archive data).
    private func standardDefaults(using random: inout SeededRandomNumberGenerator) throws -> Data? {
        switch random.next(below: 8) {
        case 0: return nil
        case 1: return randomBytes(count: Int(random.next(below: 200)), using: &random)
        default:
            var values: [String: Any] = [:]
            for key in LegacyV2Key.allSDKKeys where random.next(below: 3) != 0 {
                values[key] = key == LegacyV2Key.traits.rawValue ? traits(using: &random) : scalar(using: &random)
            }
            let format: PropertyListSerialization.PropertyListFormat = random.next(below: 2) == 0 ? .binary : .xml
            return try PropertyListSerialization.data(fromPropertyList: values, format: format, options: 0)
        }
    }

    /// Archives of traits as apps pass them, made once: Foundation's archiver on Linux sometimes traps on random
    /// dictionaries (duplicate `AnyHashable` keys in its object table), so the randomness is in what happens to them.
    static let archives: [Data] = [
        ["userId": "u-1", "email": "ada@example.com", "plan": "pro", "age": 42, "vip": true],
        ["id": "u-2", "anonymousId": "a-1", "address": ["city": "Lisbon", "zip": NSNull()], "tags": ["beta", 7]],
        ["anonymousId": "a-1", "userId": "u-3", "id": "u-3"],
        ["userId": 5, "score": 1.5, "name": "Zoë ✓"],
        [:],
    ].compactMap { (traits: [String: Any]) in
        try? NSKeyedArchiver.archivedData(withRootObject: traits, requiringSecureCoding: false)
    }

    /// A traits archive as written, cut short, with bytes changed, random bytes, or a value of another type.
    private func traits(using random: inout SeededRandomNumberGenerator) -> Any {
        var archive = Self.archives[Int(random.next(below: UInt64(Self.archives.count)))]
        switch random.next(below: 6) {
        case 0:
            archive.removeLast(Int(random.next(below: UInt64(archive.count))))
        case 1:
            for _ in 0..<(1 + random.next(below: 4)) {
                let index = Int(random.next(below: UInt64(archive.count)))
                archive[index] = UInt8(truncatingIfNeeded: random.next())
            }
        case 2:
            return random.next(below: 2) == 0 ? scalar(using: &random) : randomBytes(count: 64, using: &random)
        default:
            break
        }
        return archive
    }

    private func scalar(using random: inout SeededRandomNumberGenerator) -> Any {
        switch random.next(below: 6) {
        case 0: return random.next(below: 2) == 0
        case 1: return NSNumber(value: Int64(bitPattern: random.next()) >> Int64(random.next(below: 64)))
        case 2: return [0, -1, 1.5, 1_699_999_999.999, 3e9][Int(random.next(below: 5))] as Double
        case 3: return ["", "341", "1.2.3", "user-1"][Int(random.next(below: 4))]
        case 4: return Date(timeIntervalSince1970: Double(random.next(below: 4_000_000_000)))
        default: return randomBytes(count: Int(random.next(below: 8)), using: &random)
        }
    }

    private func randomBytes(count: Int, using random: inout SeededRandomNumberGenerator) -> Data {
        Data((0..<count).map { _ in UInt8(truncatingIfNeeded: random.next()) })
    }
}
