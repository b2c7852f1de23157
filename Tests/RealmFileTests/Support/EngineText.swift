import RealmFile

/// Reads the engine's printed forms of dates and decimals back into values, so they compare by value.
enum EngineText {
    /// A timestamp as (seconds, nanoseconds) with 0 ≤ nanoseconds < 10⁹.
    struct Instant: Equatable {
        var seconds: Int64
        var nanoseconds: Int64
    }

    static func normalized(_ timestamp: StoredTimestamp) -> Instant {
        var seconds = timestamp.seconds
        var nanoseconds = Int64(timestamp.nanoseconds)
        if nanoseconds < 0 {
            seconds -= 1
            nanoseconds += 1_000_000_000
        }
        return Instant(seconds: seconds, nanoseconds: nanoseconds)
    }

    /// Parses `YYYY-MM-DD HH:MM:SS[.nnnnnnnnn]` (UTC).
    static func timestamp(_ text: String) -> Instant? {
        let parts = text.split(separator: " ")
        guard parts.count == 2 else { return nil }
        let date = parts[0].split(separator: "-").compactMap { Int64($0) }
        let timeAndFraction = parts[1].split(separator: ".")
        let time = timeAndFraction[0].split(separator: ":").compactMap { Int64($0) }
        guard date.count == 3, time.count == 3 else { return nil }
        var nanoseconds: Int64 = 0
        if timeAndFraction.count == 2 {
            let digits = String(timeAndFraction[1])
            guard digits.count <= 9, let value = Int64(digits) else { return nil }
            nanoseconds = value * Int64(pow10(9 - digits.count))
        }
        let days = daysFromCivil(year: date[0], month: date[1], day: date[2])
        return Instant(seconds: days * 86_400 + time[0] * 3600 + time[1] * 60 + time[2], nanoseconds: nanoseconds)
    }

    private static func pow10(_ exponent: Int) -> Int { (0..<exponent).reduce(1) { result, _ in result * 10 } }

    /// Days since 1970-01-01 of a proleptic Gregorian date (Howard Hinnant's algorithm).
    private static func daysFromCivil(year: Int64, month: Int64, day: Int64) -> Int64 {
        let shiftedYear = month <= 2 ? year - 1 : year
        let era = (shiftedYear >= 0 ? shiftedYear : shiftedYear - 399) / 400
        let yearOfEra = shiftedYear - era * 400
        let dayOfYear = (153 * (month + (month > 2 ? -3 : 9)) + 2) / 5 + day - 1
        let dayOfEra = yearOfEra * 365 + yearOfEra / 4 - yearOfEra / 100 + dayOfYear
        return era * 146_097 + dayOfEra - 719_468
    }

    /// A decimal reduced to sign, significant digits and exponent, or a special value's name.
    enum DecimalValue: Equatable {
        case finite(negative: Bool, digits: String, exponent: Int)
        case special(String)
    }

    static func decimal(_ text: String) -> DecimalValue? {
        switch text {
        case "NaN", "-NaN": return .special("NaN")
        case "Inf", "+Inf": return .special("Inf")
        case "-Inf": return .special("-Inf")
        default: break
        }
        var rest = Substring(text)
        var negative = false
        if let first = rest.first, first == "-" || first == "+" {
            negative = first == "-"
            rest = rest.dropFirst()
        }
        var exponent = 0
        if let marker = rest.firstIndex(where: { $0 == "E" || $0 == "e" }) {
            guard let value = Int(rest[rest.index(after: marker)...].replacingOccurrences(of: "+", with: "")) else {
                return nil
            }
            exponent = value
            rest = rest[..<marker]
        }
        var digits = String(rest)
        if let dot = digits.firstIndex(of: ".") {
            exponent -= digits.distance(from: dot, to: digits.endIndex) - 1
            digits.remove(at: dot)
        }
        return finite(negative: negative, digits: digits, exponent: exponent)
    }

    static func decimal(_ value: StoredDecimal128) -> DecimalValue? {
        let negative = value.high >> 63 == 1
        let combination = (value.high >> 58) & 0x1F
        if combination == 0x1F { return .special("NaN") }
        if combination == 0x1E { return .special(negative ? "-Inf" : "Inf") }
        guard (value.high >> 61) & 3 != 3 else { return finite(negative: negative, digits: "0", exponent: 0) }
        let exponent = Int((value.high >> 49) & 0x3FFF) - 6176
        let coefficient = UInt128(value.high & 0x1_FFFF_FFFF_FFFF) << 64 | UInt128(value.low)
        return finite(negative: negative, digits: String(coefficient), exponent: exponent)
    }

    private static func finite(negative: Bool, digits: String, exponent: Int) -> DecimalValue {
        var digits = String(digits.drop { $0 == "0" })
        var exponent = exponent
        if digits.isEmpty { return .finite(negative: negative, digits: "0", exponent: 0) }
        while digits.hasSuffix("0") {
            digits.removeLast()
            exponent += 1
        }
        return .finite(negative: negative, digits: digits, exponent: exponent)
    }
}
