import Foundation
import RealmFile

/// Canonical MongoDB Extended JSON v2 spellings of Realm values that have no plain-JSON form.
public enum ExtendedJSONFormat {
    /// A double as `$numberDouble` text: the shortest decimal that reads back to the same double,
    /// or `NaN`, `Infinity`, `-Infinity`.
    public static func doubleText(_ value: Double) -> String {
        if value.isNaN { return "NaN" }
        if value.isInfinite { return value < 0 ? "-Infinity" : "Infinity" }
        return value.description
    }

    /// A float as `$numberDouble` text: the shortest decimal that reads back (as a float) to the same float.
    public static func floatText(_ value: Float) -> String {
        if value.isNaN { return "NaN" }
        if value.isInfinite { return value < 0 ? "-Infinity" : "Infinity" }
        return value.description
    }

    /// A Decimal128 as `$numberDecimal` text in the IEEE 754 to-scientific-string form MongoDB uses
    /// (`0.1`, `42.00`, `1E+6000`, `-9.999…E+6144`, `NaN`, `Infinity`); it reads back to the same coefficient
    /// and exponent. Non-canonical coefficients read as zero, as IEEE 754 defines.
    public static func decimalText(_ value: StoredDecimal128) -> String {
        let high = value.high
        let negative = high >> 63 == 1
        if high & 0x7C00_0000_0000_0000 == 0x7C00_0000_0000_0000 { return "NaN" }
        if high & 0x7800_0000_0000_0000 == 0x7800_0000_0000_0000 { return negative ? "-Infinity" : "Infinity" }
        let largeForm = high & 0x6000_0000_0000_0000 == 0x6000_0000_0000_0000
        let biased = largeForm ? (high >> 47) & 0x3FFF : (high >> 49) & 0x3FFF
        let exponent = Int(biased) - 6176
        var coefficientHigh = high & ((1 << 49) - 1)
        var coefficientLow = value.low
        let tooLarge =
            coefficientHigh > 0x0001_ED09_BEAD_87C0
            || (coefficientHigh == 0x0001_ED09_BEAD_87C0 && coefficientLow > 0x378D_8E63_FFFF_FFFF)
        if largeForm || tooLarge {
            coefficientHigh = 0
            coefficientLow = 0
        }
        var digits: [UInt8] = []
        repeat {
            let (highQuotient, highRemainder) = coefficientHigh.quotientAndRemainder(dividingBy: 10)
            let (lowQuotient, remainder) = (10 as UInt64).dividingFullWidth((highRemainder, coefficientLow))
            coefficientHigh = highQuotient
            coefficientLow = lowQuotient
            digits.append(UInt8(truncatingIfNeeded: remainder) + 0x30)
        } while coefficientHigh != 0 || coefficientLow != 0
        digits.reverse()
        var text = negative ? "-" : ""
        let adjusted = exponent + digits.count - 1
        if exponent <= 0 && adjusted >= -6 {
            if exponent == 0 {
                text += String(decoding: digits, as: UTF8.self)
            } else if digits.count > -exponent {
                let split = digits.count + exponent
                text += String(decoding: digits[..<split], as: UTF8.self) + "."
                text += String(decoding: digits[split...], as: UTF8.self)
            } else {
                text += "0." + String(repeating: "0", count: -exponent - digits.count)
                text += String(decoding: digits, as: UTF8.self)
            }
        } else {
            text += String(decoding: digits[..<1], as: UTF8.self)
            if digits.count > 1 { text += "." + String(decoding: digits[1...], as: UTF8.self) }
            text += "E" + (adjusted >= 0 ? "+" : "-") + String(adjusted.magnitude)
        }
        return text
    }

    /// Appends a timestamp as `{"$date":{"$numberLong":"<milliseconds>"}}`, with `,"$nanoseconds":<0…999999>`
    /// beside `$date` when it has a sub-millisecond part (milliseconds rounded down, so nothing is lost).
    public static func appendDate(seconds: Int64, nanoseconds: Int32, to output: OutputBuffer) {
        // seconds·10⁹ is a whole number of milliseconds, so only the nanosecond part needs flooring.
        var wholeMilliseconds = Int64(nanoseconds / 1_000_000)
        var remainder = Int64(nanoseconds % 1_000_000)
        if remainder < 0 {
            remainder += 1_000_000
            wholeMilliseconds -= 1
        }
        output.append("{\"$date\":{\"$numberLong\":\"")
        output.append(decimal: seconds &* 1000 &+ wholeMilliseconds)
        output.append("\"}")
        if remainder != 0 {
            output.append(",\"$nanoseconds\":")
            output.append(decimal: remainder)
        }
        output.append(0x7D)
    }

    /// Appends an integer as `{"$numberLong":"<digits>"}`.
    public static func appendInt(_ value: Int64, to output: OutputBuffer) {
        output.append("{\"$numberLong\":\"")
        output.append(decimal: value)
        output.append("\"}")
    }

    /// Appends `{"$numberDouble":"<text>"}` (`text` from ``doubleText(_:)`` or ``floatText(_:)``).
    public static func appendNumberDouble(_ text: String, to output: OutputBuffer) {
        output.append("{\"$numberDouble\":\"")
        output.append(utf8: text)
        output.append("\"}")
    }

    /// Appends binary data as `{"$binary":{"base64":"…","subType":"00"}}`.
    public static func appendBinary(_ bytes: Data, to output: OutputBuffer) {
        output.append("{\"$binary\":{\"base64\":\"")
        Base64Format.append(bytes, to: output)
        output.append("\",\"subType\":\"00\"}}")
    }
}
