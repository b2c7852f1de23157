import Foundation
import RealmExport
import RealmFile
import Testing

/// Dates, decimals, identifiers, binary and strings print exactly as in the engine's dumps of `alltypes`.
@Suite struct ValueFormatTests {
    /// The DATE pool of the alltypes fixture and its spelling in `alltypes.v24.json`.
    @Test func timestampsMatchTheEngineDump() throws {
        let cases: [(Int64, Int32, String)] = [
            (0, 0, "1970-01-01 00:00:00"),
            (-1, -500_000_000, "1969-12-31 23:59:58.500000000"),
            (0, -1, "1969-12-31 23:59:59.999999999"),
            (-2_208_988_800, 0, "1900-01-01 00:00:00"),
            (-28_502_722_800, 0, "1066-10-14 09:00:00"),
            (-62_135_596_800, 0, "0001-01-01 00:00:00"),
            (978_307_200, 0, "2001-01-01 00:00:00"),
            (1_709_210_096, 789_012_345, "2024-02-29 12:34:56.789012345"),
            (2_147_483_648, 1, "2038-01-19 03:14:08.000000001"),
            (64_092_211_200, 0, "4001-01-01 00:00:00"),
            (253_402_300_799, 999_999_999, "9999-12-31 23:59:59.999999999"),
            (1_700_000_000, 123_456_789, "2023-11-14 22:13:20.123456789"),
            (978_339_660, 250_000_000, "2001-01-01 09:01:00.250000000"),
        ]
        for (seconds, nanoseconds, expected) in cases {
            let timestamp = StoredTimestamp(seconds: seconds, nanoseconds: nanoseconds)
            #expect(try rendered { EngineTimestampFormat.append(timestamp, to: $0) } == expected)
        }
    }

    /// `$date` milliseconds as in `alltypes.v24.xjson` (truncated toward zero per field).
    @Test func timestampMillisecondsMatchTheEngineDump() {
        #expect(EngineTimestampFormat.milliseconds(StoredTimestamp(seconds: -1, nanoseconds: -500_000_000)) == -1500)
        #expect(EngineTimestampFormat.milliseconds(StoredTimestamp(seconds: 0, nanoseconds: -1)) == 0)
        #expect(
            EngineTimestampFormat.milliseconds(StoredTimestamp(seconds: 253_402_300_799, nanoseconds: 999_999_999))
                == 253_402_300_799_999)
        #expect(
            EngineTimestampFormat.milliseconds(StoredTimestamp(seconds: -2_208_988_800, nanoseconds: 0))
                == -2_208_988_800_000
        )
    }

    /// The DECIMAL pool (bit patterns of the values the fixture was written from) and the engine's spelling.
    @Test func decimalsMatchTheEngineDump() throws {
        let cases: [(UInt64, UInt64, String)] = [
            (0x3040_0000_0000_0000, 0x0000_0000_0000_0000, "0"),
            (0x3040_0000_0000_0000, 0x0000_0000_0000_0001, "1"),
            (0xB040_0000_0000_0000, 0x0000_0000_0000_0001, "-1"),
            (0x303E_0000_0000_0000, 0x0000_0000_0000_0001, "1E-1"),
            (0x2FFE_9AE4_7957_96A7, 0xBABE_5564_E6F3_9F8F, "+3141592653589793238462643383279503E-33"),
            (0xB038_3CDE_6FFF_9732, 0xDE82_5CD0_7E96_AFF2, "-1234567890123456789012345678901234E-4"),
            (0x5F20_0000_0000_0000, 0x0000_0000_0000_0001, "1E6000"),
            (0xDFFF_ED09_BEAD_87C0, 0x378D_8E63_FFFF_FFFF, "-9999999999999999999999999999999999E+6111"),
            (0x0042_0000_0000_0000, 0x0000_0000_0000_0001, "1E-6143"),
            (0x7C00_0000_0000_0000, 0, "NaN"),
            (0x7800_0000_0000_0000, 0, "Inf"),
            (0xF800_0000_0000_0000, 0, "-Inf"),
            (0xB040_0000_0000_0000, 0x0000_0000_0000_0000, "-0"),
            (0x3041_ED09_BEAD_87C0, 0x378D_8E63_FFFF_FFFF, "+9999999999999999999999999999999999E+0"),
            (0x3010_0000_0000_0000, 0x0000_0000_075B_CD15, "1.23456789E-16"),
            (0x303C_0000_0000_0000, 0x0000_0000_0000_1068, "42.00"),
        ]
        for (high, low, expected) in cases {
            let value = StoredDecimal128(low: low, high: high)
            #expect(try rendered { EngineDecimalFormat.append(value, to: $0) } == expected)
        }
    }

    /// ObjectId hex and UUID text/base64 as the music and alltypes dumps print them.
    @Test func identifiersMatchTheEngineDump() throws {
        let objectId = try #require(
            StoredObjectId(bytes: [0x64, 0xB7, 0xF0, 0xA1, 0xC2, 0xD3, 0xE4, 0xF5, 0xA6, 0xB7, 0xC8, 0x01]))
        #expect(try rendered { IdentifierFormat.append(objectId, to: $0) } == "64b7f0a1c2d3e4f5a6b7c801")
        let uuid = try #require(UUID(uuidString: "a0eebc99-9c0b-4ef8-bb6d-6bb9bd380a11"))
        #expect(try rendered { IdentifierFormat.append(uuid, to: $0) } == "a0eebc99-9c0b-4ef8-bb6d-6bb9bd380a11")
        #expect(try rendered { IdentifierFormat.appendBase64(uuid, to: $0) } == "oO68mZwLTvi7bWu5vTgKEQ==")
        let ones = try #require(UUID(uuidString: "ffffffff-ffff-ffff-ffff-ffffffffffff"))
        #expect(try rendered { IdentifierFormat.appendBase64(ones, to: $0) } == "/////////////////////w==")
    }

    /// SMALL_DATA and DATA pool entries as base64 in the dumps (`AA==`, `YWJj`, `WlpaWlpa…Wg==`).
    @Test func binaryIsStandardPaddedBase64() throws {
        #expect(try rendered { Base64Format.append(Data(), to: $0) } == "")
        #expect(try rendered { Base64Format.append(Data([0]), to: $0) } == "AA==")
        #expect(try rendered { Base64Format.append(Data([0x61, 0x62, 0x63]), to: $0) } == "YWJj")
        #expect(try rendered { Base64Format.append(Data([0xDE, 0xAD, 0xBE, 0xEF]), to: $0) } == "3q2+7w==")
        let sixtyFour = try rendered { Base64Format.append(Data(repeating: 0x5A, count: 64), to: $0) }
        #expect(sixtyFour == String(repeating: "WlpaWlpa", count: 10) + "WlpaWg==")
        // Longer than the output buffer: the encoder must cross chunk boundaries.
        let bytes = Data((0..<1000).map { UInt8(truncatingIfNeeded: $0 &* 7) })
        #expect(try rendered { Base64Format.append(bytes, to: $0) } == bytes.base64EncodedString())
        let destination = MemoryDestination()
        let output = OutputBuffer(destination: destination, capacity: 100)
        Base64Format.append(bytes, to: output)
        #expect(output.totalBytes == 1336)
        try output.flush()
        #expect(destination.bytes.count == 1336 && output.totalBytes == 1336)
    }

    /// STRING[11…13] of the alltypes pool, as `alltypes.v24.json` holds them (NUL written raw).
    @Test func engineStringsEscapeOnlyWhatTheEngineEscapes() throws {
        #expect(
            try renderedBytes { StringFormat.appendEngineQuoted("nul\u{0}inside", to: $0) }
                == Array("\"nul\u{0}inside\"".utf8))
        #expect(
            try rendered { StringFormat.appendEngineQuoted("line\nbreak\ttab\r\n", to: $0) }
                == #""line\nbreak\ttab\r\n""#)
        #expect(
            try rendered { StringFormat.appendEngineQuoted("quote\" backslash\\ slash/ <tag> & 'apos'", to: $0) }
                == #""quote\" backslash\\ slash/ <tag> & 'apos'""#)
        #expect(try rendered { StringFormat.appendEngineQuoted("\u{8}\u{C}\u{1}", to: $0) } == "\"\\b\\f\u{1}\"")
        #expect(try rendered { StringFormat.appendEngineQuoted("日本語テキスト", to: $0) } == "\"日本語テキスト\"")
    }

    @Test func strictStringsEscapeEveryControlCharacter() throws {
        let text = try rendered { StringFormat.appendStrictQuoted("nul\u{0}\u{1F}\n\"\\é", to: $0) }
        #expect(text == #""nul\u0000\u001f\n\"\\é""#)
        let parsed = try JSONSerialization.jsonObject(with: Data("[\(text)]".utf8)) as? [String]
        #expect(parsed == ["nul\u{0}\u{1F}\n\"\\é"])
    }

    /// Dictionary keys as in the dumps (`"ключ"`, `"🔑"`, `"key with space"`), and the engine's base64 form for
    /// keys with characters outside its whitelist (`util::serializer::print_value`).
    @Test func dictionaryKeysFollowTheEngineSerializer() throws {
        #expect(
            try rendered { StringFormat.appendEngineDictionaryKey("key with space", to: $0) } == "\"key with space\"")
        #expect(try rendered { StringFormat.appendEngineDictionaryKey("ключ", to: $0) } == "\"ключ\"")
        #expect(try rendered { StringFormat.appendEngineDictionaryKey("🔑", to: $0) } == "\"🔑\"")
        #expect(try rendered { StringFormat.appendEngineDictionaryKey("track-01", to: $0) } == "\"track-01\"")
        #expect(try rendered { StringFormat.appendEngineDictionaryKey("it's", to: $0) } == "B64\"aXQncw==\"")
        #expect(try rendered { StringFormat.appendEngineDictionaryKey("a\"b", to: $0) } == "B64\"YSJi\"")
    }
}
