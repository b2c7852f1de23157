import TestSupport
import Testing

@testable import RealmToSwiftData

/// The table verification reads link targets' keys from: every recorded key found by its hash, whatever the order
/// of records and lookups; a hash two records share, or one recorded after the last merge, left to the model (`nil`).
@Suite struct KeyTableTests {
    @Test func everyRecordedKeyIsFoundByItsHash() {
        var random = SeededRandomNumberGenerator(seed: 23)
        var table = KeyTable()
        var recorded: [Int: Int64] = [:]
        while recorded.count < 5_000 {
            let hash = Int.random(in: .min ... .max, using: &random)
            guard recorded[hash] == nil else { continue }
            let key = Int64(recorded.count)
            recorded[hash] = key
            table.append(hash: hash, key: key)
        }
        var found = 0
        for (hash, key) in recorded.shuffled(using: &random) where table.key(forHash: hash) == key { found += 1 }
        #expect(found == recorded.count)
        var absent = Int.random(in: .min ... .max, using: &random)
        while recorded[absent] != nil { absent = Int.random(in: .min ... .max, using: &random) }
        #expect(table.key(forHash: absent) == nil)
    }

    @Test func recordsAfterTheLastMergeWaitUntilTheyAreAQuarterOfTheTable() {
        var table = KeyTable()
        for hash in 0..<100 { table.append(hash: hash * 10, key: Int64(hash)) }
        #expect(table.key(forHash: 990) == 99)
        // 24 more records are under a quarter of 100: not merged, so not found (the model gives the key).
        for hash in 100..<124 { table.append(hash: hash * 10, key: Int64(hash)) }
        #expect(table.key(forHash: 1_230) == nil)
        #expect(table.key(forHash: 500) == 50)
        // The 25th makes a quarter: merged, every one found.
        table.append(hash: 1_240, key: 124)
        #expect(table.key(forHash: 1_230) == 123)
        #expect(table.key(forHash: 1_240) == 124)
        #expect(table.key(forHash: 0) == 0)
    }

    @Test func aHashTwoRecordsShareIsLeftToTheModel() {
        var table = KeyTable()
        table.append(hash: 7, key: 1)
        table.append(hash: 7, key: 2)
        table.append(hash: 9, key: 3)
        #expect(table.key(forHash: 7) == nil)
        #expect(table.key(forHash: 9) == 3)
        #expect(table.key(forHash: 8) == nil)
    }
}
