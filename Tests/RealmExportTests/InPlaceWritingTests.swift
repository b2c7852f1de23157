import Foundation
import RealmExport
import RealmFile
import TestSupport
import Testing

/// The shortcuts of the export's hot path give what the plain path gives: strings printed from their stored bytes,
/// short appends copied word by word, and rows read in place.
@Suite struct InPlaceWritingTests {
    private func printed(_ body: (OutputBuffer) -> Void) throws -> [UInt8] {
        let destination = MemoryDestination()
        let output = OutputBuffer(destination: destination, capacity: 64)
        body(output)
        try output.flush()
        return destination.bytes
    }

    /// Every length from 0 to 40, made of escapes, control characters, multi-byte characters and invalid sequences
    /// (which the `String` path repairs to U+FFFD), printed from bytes as the `String` they decode to prints.
    @Test func stringsFromStoredBytesPrintAsTheirDecodedStrings() throws {
        let pieces: [[UInt8]] = [
            Array("plain".utf8), [0x22], [0x5C], [0x0A, 0x09], [0x01, 0x1F], Array("ü😀".utf8), [0xFF], [0xC3],
            [0xE2, 0x82], Array("0123456789abcdef".utf8),
        ]
        var random = SeededRandomNumberGenerator(seed: 41)
        for length in 0...40 {
            for _ in 0..<8 {
                var bytes: [UInt8] = []
                while bytes.count < length { bytes += pieces[Int(random.next() % UInt64(pieces.count))] }
                bytes = Array(bytes.prefix(length))
                let fromBytes = try printed { output in
                    bytes.withUnsafeBytes { StringFormat.appendEngineQuoted(utf8: $0, to: output) }
                }
                let fromString = try printed {
                    StringFormat.appendEngineQuoted(String(decoding: bytes, as: UTF8.self), to: $0)
                }
                #expect(fromBytes == fromString, "\(bytes)")
            }
        }
    }

    /// Appends of 0 to 70 bytes into a 64-byte buffer, across its refills: the destination gets them in order.
    @Test func appendsOfEveryShortLengthArriveWhole() throws {
        var random = SeededRandomNumberGenerator(seed: 42)
        var expected: [UInt8] = []
        let bytes = try printed { output in
            for _ in 0..<2_000 {
                let chunk = (0..<Int(random.next() % 71)).map { _ in UInt8(truncatingIfNeeded: random.next()) }
                expected += chunk
                chunk.withUnsafeBytes { output.append($0) }
            }
        }
        #expect(bytes == expected)
    }

    /// Every row of every table read in place has the values of the decoded object, and its strings' stored bytes
    /// are the UTF-8 of the decoded strings.
    @Test(arguments: ["alltypes.v24.realm", "music.v24.realm", "clusters.v24.realm", "alltypes.v11.realm"])
    func rowsReadInPlaceMatchDecodedObjects(_ name: String) throws {
        let file = try RealmFileReader(url: Fixtures.realm(name))
        var strings = 0
        for table in file.tables {
            var objects = file.objects(in: table)
            var rows = file.objects(in: table)
            while let object = try objects.next() {
                let row = try #require(try rows.nextRow())
                #expect(row.key == object.key && row.columnCount == object.values.count)
                for (column, value) in object.values.enumerated() {
                    // NaN is not equal to itself: such values compare by their description (which names NaN).
                    let inRow = try row.value(at: column)
                    #expect(
                        inRow == value || String(reflecting: inRow) == String(reflecting: value),
                        "\(name) \(table.name)[\(object.key)] column \(column)")
                    var stored: [UInt8]?? = .none
                    let inPlace = try row.withStringBytes(at: column) { stored = .some($0.map(Array.init)) }
                    let isStringColumn =
                        table.columns[column].type == .string && table.columns[column].collection == .single
                    switch value {
                    case .string(let text) where isStringColumn:
                        #expect(inPlace && stored == .some(Array(text.utf8)))
                        strings += 1
                    case .null where isStringColumn:
                        #expect(inPlace && stored == .some(nil))
                    default:
                        // Strings inside mixed values and collections are read as values.
                        #expect(!inPlace)
                    }
                }
            }
            #expect(try rows.nextRow() == nil)
        }
        #expect(strings > 0)
    }
}
