import Foundation
import RudderMigration
import TestSupport
import Testing

/// A seeded fuzz run: random property-list values of every type under every legacy key, and random bytes as the
/// plist. The migration must return a report (never crash), write only what it planned, and never write a value the
/// Swift SDK would misread. Set `CARRYOVER_FUZZ_SEED` (with `SWIFT_DETERMINISTIC_HASHING=1`) to replay a seed,
/// `CARRYOVER_FUZZ_ITERATIONS` to run longer.
@Suite struct FuzzTests {
    @Test func randomLegacyDataNeverCrashesAndWritesOnlyWellTypedValues() throws {
        let environment = ProcessInfo.processInfo.environment
        let seed = environment["CARRYOVER_FUZZ_SEED"].flatMap(UInt64.init) ?? UInt64.random(in: 1...UInt64.max)
        let iterations = environment["CARRYOVER_FUZZ_ITERATIONS"].flatMap(Int.init) ?? 4000
        // Dictionary order feeds the plist bytes, so an exact replay also needs deterministic hashing.
        print("RudderMigration fuzz seed: \(seed) (replay: CARRYOVER_FUZZ_SEED=\(seed) SWIFT_DETERMINISTIC_HASHING=1)")
        var random = SeededRandomNumberGenerator(seed: seed)
        let container = try LegacyContainer()
        let files = MemoryFileAccess()
        var outcomes: [RudderMigrationReport.Outcome: Int] = [:]

        for iteration in 0..<iterations {
            files.set(try randomSource(using: &random), at: container.plistURL)
            files.set(try randomSource(using: &random), at: container.standardDefaultsURL)
            let now = Date(timeIntervalSince1970: Double(random.next(below: 2_000_000_000)))
            let destination = InMemoryKeyValueStore(identity: "fuzz")
            let report: RudderMigrationReport
            do {
                // Files and destination in memory: the same parsing and planning, without waiting for the disk.
                report = try container.migrator(fileAccess: files, destination: destination, now: now).migrate()
            } catch {
                Issue.record("seed \(seed) iteration \(iteration): migrate() threw \(error)")
                continue
            }
            outcomes[report.outcome, default: 0] += 1
            #expect(report.fields.count == RudderField.allCases.count, "seed \(seed) iteration \(iteration)")
            #expect([.migrated, .nothingToMigrate].contains(report.outcome), "seed \(seed) iteration \(iteration)")
            let written = destination.storage
            for field in report.fields {
                let stored = written[field.field.destinationKey]
                if field.plistValuePassedOver != nil {
                    #expect(
                        Self.source(of: field.outcome) != .legacyPlist,
                        "seed \(seed) iteration \(iteration): \(field.field) passed over the plist's value but used it")
                }
                switch field.outcome {
                case .migrated(let value, _):
                    #expect(value.matches(stored))
                    #expect(Self.isWhatTheSDKReads(value, for: field.field), "seed \(seed) iteration \(iteration)")
                case .skipped, .absent:
                    #expect(
                        stored == nil,
                        "seed \(seed) iteration \(iteration): \(field.field) written although not migrated")
                }
            }
        }
        print("RudderMigration fuzz outcomes: \(outcomes.map { "\($0.key.rawValue): \($0.value)" }.sorted())")
    }

    /// The source a migrated or skipped field names.
    static func source(of outcome: FieldReport.Outcome) -> LegacySource? {
        switch outcome {
        case .migrated(_, let source): source
        case .skipped(_, let source): source
        case .absent: nil
        }
    }

    /// The type and shape each Swift SDK key is read as (rudderstack-facts.md).
    static func isWhatTheSDKReads(_ value: DestinationValue, for field: RudderField) -> Bool {
        switch (field, value) {
        case (.sessionID, .string(let text)), (.lastActivityTime, .string(let text)):
            return UInt64(text) != nil
        case (.traits, .string(let text)):
            return (try? JSONSerialization.jsonObject(with: Data(text.utf8))) is [String: Any]
        case (.anonymousID, .string(let text)), (.userID, .string(let text)), (.appVersion, .string(let text)):
            return !text.isEmpty
        case (.isManualSession, .boolean): return true
        case (.appBuild, .integer): return true
        default: return false
        }
    }

    /// One of: no file, random bytes, a valid plist cut short or with bytes changed, or a plist (binary or XML) whose
    /// legacy keys hold random values of every type.
    private func randomSource(using random: inout SeededRandomNumberGenerator) throws -> Data? {
        switch random.next(below: 10) {
        case 0:
            return nil
        case 1:
            let count = Int(random.next(below: 200))
            return Data((0..<count).map { _ in UInt8(truncatingIfNeeded: random.next()) })
        case 2:
            var data = try plistData(using: &random)
            data.removeLast(Int(random.next(below: UInt64(data.count))))
            return data
        case 3:
            var data = try plistData(using: &random)
            for _ in 0..<(1 + random.next(below: 4)) {
                let index = data.startIndex + Int(random.next(below: UInt64(data.count)))
                data[index] = UInt8(truncatingIfNeeded: random.next())
            }
            return data
        default:
            return try plistData(using: &random)
        }
    }

    private func plistData(using random: inout SeededRandomNumberGenerator) throws -> Data {
        var values: [String: Any] = [:]
        for key in LegacyKey.allCases where random.next(below: 4) != 0 {
            values[key.rawValue] = randomValue(for: key, depth: 0, using: &random)
        }
        let format: PropertyListSerialization.PropertyListFormat = random.next(below: 2) == 0 ? .binary : .xml
        return try PropertyListSerialization.data(fromPropertyList: values, format: format, options: 0)
    }

    /// Mostly plausible values for `key`, often of another type, sometimes nested.
    private func randomValue(for key: LegacyKey, depth: Int, using random: inout SeededRandomNumberGenerator) -> Any {
        switch random.next(below: depth > 2 ? 9 : 11) {
        case 0: return random.next(below: 2) == 0
        case 1: return NSNumber(value: Int64(bitPattern: random.next()) >> Int64(random.next(below: 64)))
        case 2: return NSNumber(value: random.next())
        case 3: return [0, -1, 1.5, 1e300, -0.0, 1_699_999_999.999, 3e9][Int(random.next(below: 7))] as Double
        case 4: return Date(timeIntervalSince1970: Double(random.next(below: 4_000_000_000)))
        case 5: return Data((0..<random.next(below: 8)).map { _ in UInt8(truncatingIfNeeded: random.next()) })
        case 6:
            return ["", "1.2.3", "341", "-7", "+12", "1699999000", "not json", "[1]", "{}", "é✓"][
                Int(random.next(below: 10))]
        case 7, 8: return randomJSONText(using: &random)
        case 9: return (0..<random.next(below: 4)).map { _ in randomValue(for: key, depth: depth + 1, using: &random) }
        default:
            var dictionary: [String: Any] = [:]
            for name in ["userId", "id", "x"] where random.next(below: 2) == 0 {
                dictionary[name] = randomValue(for: key, depth: depth + 1, using: &random)
            }
            return dictionary
        }
    }

    /// A traits-like JSON text, sometimes broken.
    private func randomJSONText(using random: inout SeededRandomNumberGenerator) -> String {
        let ids = ["\"u-1\"", "\"\"", "5", "null", "true", "{\"a\":1}", "[\"x\"]"]
        var parts: [String] = []
        for key in ["anonymousId", "userId", "id", "email", "n", "deep"] where random.next(below: 2) == 0 {
            parts.append("\"\(key)\":\(ids[Int(random.next(below: UInt64(ids.count)))])")
        }
        var text = "{" + parts.joined(separator: ",") + "}"
        if random.next(below: 5) == 0, !text.isEmpty { text.removeLast(Int(random.next(below: UInt64(text.count)))) }
        return text
    }
}

extension SeededRandomNumberGenerator {
    /// A value in `0..<bound` (0 when `bound` is 0), by remainder so that earlier printed seeds replay the same run.
    mutating func next(below bound: UInt64) -> UInt64 { bound == 0 ? 0 : next() % bound }
}
