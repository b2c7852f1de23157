import Foundation
import RealmFile
import TestSupport
import Testing

/// Damaged copies of every small fixture (formats 10, 11 and 20–24, real-world files included): the reader must
/// return or throw `RealmFileError` with the byte offset of what it was reading, never crash or hang. A crash fails
/// the whole test run; the printed seed replays the byte flips.
@Suite("Corrupted files never crash the reader")
struct CorruptionTests {
    @Test("Truncated at many lengths", arguments: RealmFixture.small)
    func truncated(_ fixture: RealmFixture) throws {
        let data = try Data(contentsOf: fixture.url)
        var lengths = Set(stride(from: 0, to: data.count, by: max(1, data.count / 150)))
        lengths.formUnion((0..<64).map { data.count - 1 - $0 }.filter { $0 >= 0 })
        lengths.formUnion([0, 1, 8, 16, 23, 24, 25, 39, 40, 41])
        var thrown = 0
        for length in lengths.sorted() where length < data.count {
            guard let error = readEverything(data.prefix(length)) else { continue }
            thrown += 1
            #expect(error.offset != nil, "\(fixture) cut at \(length): \(error)")
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
            if let error = readEverything(data) {
                #expect(error.offset != nil, "\(fixture): \(error)")
            }
        }
    }
}
