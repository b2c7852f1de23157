import Foundation
import MigrationEngine
import Testing

@Suite struct ValueEncodingTests {
    static let samples: [MigrationValue] = [
        .null, .int(.min), .int(.max), .bool(true), .float(-.nan), .float(-0.0), .double(.nan), .double(-.infinity),
        .string(""), .string("a\u{0}b ü 😀"), .data(Data()), .data(Data([0, 255])),
        .date(seconds: -1, nanoseconds: -999_999_999), .decimal128(low: .max, high: 0x3040_0000_0000_0000),
        .objectId(leading: 0xabcd_efab_cdef_abcd, trailing: 0xefab_cdef), .uuid(UUID()),
        .link(ObjectReference(className: "Träck", key: -5)),
        .list([.int(1), .set([.string("x")]), .dictionary([MigrationDictionaryEntry(key: "k", value: .null)])]),
    ]

    @Test func everyValueRoundTripsBitForBit() throws {
        for value in Self.samples {
            let bytes = ValueEncoding.encoded(value)
            #expect(ValueEncoding.encoded(try ValueEncoding.decode(bytes)) == bytes)
        }
    }

    @Test func everyTruncationThrowsInsteadOfTrapping() throws {
        let bytes = ValueEncoding.encoded(.list(Self.samples))
        for length in 0..<bytes.count {
            #expect(throws: MigrationError.self) { try ValueEncoding.decode(Array(bytes[0..<length])) }
        }
    }

    @Test func hugeLengthAndUnknownTagAreRejectedWithOffsets() throws {
        #expect(
            throws: MigrationError.malformedEncoding(
                offset: 9, reason: "length 18446744073709551615 exceeds the bytes left")
        ) {
            try ValueEncoding.decode([5] + [UInt8](repeating: 0xFF, count: 8))
        }
        #expect(throws: MigrationError.malformedEncoding(offset: 0, reason: "unknown tag 99")) {
            try ValueEncoding.decode([99])
        }
    }
}
