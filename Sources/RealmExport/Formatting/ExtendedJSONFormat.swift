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
