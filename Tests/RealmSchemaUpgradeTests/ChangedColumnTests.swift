import MigrationEngine
import Testing

@testable import RealmSchemaUpgrade

/// The compact store of a block's values: what was set last for a key is what reads back, in key order or not.
@Suite struct ChangedColumnTests {
    @Test func readsBackWhatWasSetLastForEachKey() throws {
        var column = ChangedColumn()
        var truth: [Int64: MigrationValue] = [:]
        var random = SplitMix(seed: 42)
        for key in Int64(0)..<2_000 where random.next() % 3 != 0 {
            let value: MigrationValue =
                key % 5 == 0 ? .string("value \(key)") : key % 7 == 0 ? .null : .int(Int64(random.next() % 1_000))
            column.set(value, for: key)
            truth[key] = value
            if key % 11 == 0 {
                column.set(.double(Double(key)), for: key)
                truth[key] = .double(Double(key))
            }
        }
        for _ in 0..<300 {
            let key = Int64(random.next() % 2_000)
            column.set(.bool(key % 2 == 0), for: key)
            truth[key] = .bool(key % 2 == 0)
        }
        for key in Int64(-1)...2_000 { #expect(try column.value(for: key) == truth[key]) }
        #expect(Set(column.changedKeys) == Set(truth.keys) && column.changedKeys.count == truth.count)
    }
}

/// A small deterministic generator for the tests.
struct SplitMix {
    private var state: UInt64
    init(seed: UInt64) { state = seed }
    mutating func next() -> UInt64 {
        state &+= 0x9E37_79B9_7F4A_7C15
        var z = state
        z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
        z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
        return z ^ (z >> 31)
    }
}
