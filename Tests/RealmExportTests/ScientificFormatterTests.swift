import Foundation
import RealmExport
import TestSupport
import Testing

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// Doubles and floats must print exactly as the engine's `std::scientific` output in the fixtures' dumps.
@Suite struct ScientificFormatterTests {
    private func text(_ value: Double) throws -> String {
        let formatter = ScientificFormatter()
        return try rendered { formatter.append(value, to: $0) }
    }

    private func text(_ value: Float) throws -> String {
        let formatter = ScientificFormatter()
        return try rendered { formatter.append(value, to: $0) }
    }

    /// The DOUBLE pool of the alltypes fixture, as `alltypes.v24.json` prints it.
    @Test func doublesMatchTheEngineDump() throws {
        let cases: [(UInt64, String)] = [
            (0x0000_0000_0000_0000, "0.0000000000000000e+00"),
            (0x8000_0000_0000_0000, "-0.0000000000000000e+00"),
            (0x3FF0_0000_0000_0000, "1.0000000000000000e+00"),
            (0xC004_0000_0000_0000, "-2.5000000000000000e+00"),
            (0x4009_21FB_5444_2D18, "3.1415926535897931e+00"),
            (0x0010_0000_0000_0000, "2.2250738585072014e-308"),
            (0x7FEF_FFFF_FFFF_FFFF, "1.7976931348623157e+308"),
            (0x0000_0000_0000_0001, "4.9406564584124654e-324"),
            (0x7FF8_0000_0000_0000, "nan"),
            (0x7FF0_0000_0000_0000, "inf"),
            (0xFFF0_0000_0000_0000, "-inf"),
            (0x7E37_E43C_8800_759C, "1.0000000000000001e+300"),
            (0x81A5_6E1F_C2F8_F359, "-1.0000000000000000e-300"),
            (0x3FB9_9999_9999_999A, "1.0000000000000001e-01"),
            (0x4340_0000_0000_0000, "9.0071992547409920e+15"),
        ]
        for (bits, expected) in cases {
            #expect(try text(Double(bitPattern: bits)) == expected, "bits \(String(bits, radix: 16))")
        }
        #expect(try text(157.25) == "1.5725000000000000e+02")
    }

    /// The FLOAT pool of the alltypes fixture.
    @Test func floatsMatchTheEngineDump() throws {
        let cases: [(UInt32, String)] = [
            (0x0000_0000, "0.0000000e+00"), (0x8000_0000, "-0.0000000e+00"), (0x3F80_0000, "1.0000000e+00"),
            (0xBFC0_0000, "-1.5000000e+00"), (0x4049_0FDB, "3.1415927e+00"), (0x0080_0000, "1.1754944e-38"),
            (0x7F7F_FFFF, "3.4028235e+38"), (0x0000_0001, "1.4012985e-45"), (0x7FC0_0000, "nan"),
            (0x7F80_0000, "inf"), (0xFF80_0000, "-inf"), (0x4B80_0000, "1.6777216e+07"),
            (0x3DCC_CCCD, "1.0000000e-01"),
        ]
        for (bits, expected) in cases {
            #expect(try text(Float(bitPattern: bits)) == expected, "bits \(String(bits, radix: 16))")
        }
    }

    /// An independent oracle: the C library's own `%.16e` / `%.7e`, over seeded random bit patterns.
    @Test func agreesWithTheCLibraryOnRandomValues() throws {
        let seed: UInt64 = 0x5EED_2026
        var generator = SeededRandomNumberGenerator(seed: seed)
        let formatter = ScientificFormatter()
        for round in 0..<20_000 {
            let bits = generator.next()
            let value: Double
            switch round % 4 {
            case 0: value = Double(bitPattern: bits)
            case 1: value = Double(Float(bitPattern: UInt32(truncatingIfNeeded: bits)))
            case 2: value = Double(Int64(bitPattern: bits) >> Int64(bits & 63)) / Double(1 << (bits >> 58))
            default: value = Double(Int64(truncatingIfNeeded: bits % 2_000_000)) * 0.125
            }
            if value.isNaN { continue }
            let digits = round % 4 == 1 ? 7 : 16
            let ours = try rendered { formatter.append(value, fractionDigits: digits, to: $0) }
            let theirs = cFormatted(value, fractionDigits: digits)
            #expect(ours == theirs, "seed \(seed) round \(round) bits \(String(value.bitPattern, radix: 16))")
            if ours != theirs { break }
        }
    }

    private func cFormatted(_ value: Double, fractionDigits: Int) -> String {
        var buffer = [CChar](repeating: 0, count: 512)
        let count = withVaList([Int32(fractionDigits), value]) { arguments in
            vsnprintf(&buffer, buffer.count, "%.*e", arguments)
        }
        return String(decoding: buffer.prefix(Int(count)).map { UInt8(bitPattern: $0) }, as: UTF8.self)
    }
}
