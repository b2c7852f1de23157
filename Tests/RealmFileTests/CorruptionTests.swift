import Foundation
import RealmFile
import TestSupport
import Testing

/// Damaged copies of every small fixture: the reader must return or throw `RealmFileError`, never crash or hang.
/// A crash fails the whole test run; the printed seed replays the byte flips.
@Suite("Corrupted files never crash the reader")
struct CorruptionTests {
    /// Opens `data` and reads every value of every table; returns whether it threw.
    @discardableResult
    static func readEverything(_ data: Data) -> Bool {
        do {
            let realm = try RealmFile(data: data)
            _ = realm.schema
            for table in realm.tables {
                var cursor = realm.objects(in: table)
                var count = 0
                while let object = try cursor.next() {
                    count += 1
                    if count <= 3 { _ = try realm.object(object.key, in: table) }
                }
                var again = realm.objects(in: table)
                if let column = table.primaryKeyColumnIndex, let first = try again.next() {
                    _ = try realm.object(primaryKey: first.values[column], in: table)
                }
            }
            return false
        } catch {
            return true
        }
    }

    @Test("Truncated at many lengths", arguments: RealmFixture.small)
    func truncated(_ fixture: RealmFixture) throws {
        let data = try Data(contentsOf: fixture.url)
        var lengths = Set(stride(from: 0, to: data.count, by: max(1, data.count / 150)))
        lengths.formUnion((0..<64).map { data.count - 1 - $0 }.filter { $0 >= 0 })
        lengths.formUnion([0, 1, 8, 16, 23, 24, 25, 39, 40, 41])
        var thrown = 0
        for length in lengths.sorted() where length < data.count {
            if Self.readEverything(data.prefix(length)) { thrown += 1 }
        }
        #expect(thrown > 0)
    }

    @Test("Random byte flips (seeded)", arguments: RealmFixture.small)
    func byteFlips(_ fixture: RealmFixture) throws {
        let original = try Data(contentsOf: fixture.url)
        var random = SeededRandomNumberGenerator.replayable("CorruptionTests.byteFlips \(fixture)")
        let cases = original.count > 200_000 ? 200 : 300
        for _ in 0..<cases {
            var data = original
            for _ in 0..<(1 + Int(random.next() % 8)) {
                let position = Int(random.next() % UInt64(data.count))
                data[position] ^= UInt8(truncatingIfNeeded: random.next() | 1)
            }
            Self.readEverything(data)
        }
    }
}
