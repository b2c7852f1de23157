/// Why a query could not be read: what went wrong and where (a UTF-8 byte offset into the format string or the
/// closure's text).
public struct QuerySyntaxError: Error, Sendable, Hashable, Codable, CustomStringConvertible {
    /// The byte offset in the text where the problem is.
    public var offset: Int
    /// What is wrong.
    public var message: String

    /// Creates an error.
    public init(offset: Int, message: String) {
        self.offset = offset
        self.message = message
    }

    public var description: String { "at offset \(offset): \(message)" }
}

/// One token of an NSPredicate format string.
struct FormatToken: Sendable, Hashable {
    enum Kind: Sendable, Hashable {
        /// A word: keyword or key path component (`AND`, `name`, `$d`, `@count`).
        case word
        case string
        case integer
        case float
        case date(seconds: Int64, nanoseconds: Int32)
        /// `oid(…)` or `uuid(…)` (the kind's name, lowercased); `text` holds what is between the parentheses.
        case typed(String)
        /// `%@`, `%K`, `%d`…: the letter after `%`.
        case placeholder(Character)
        /// `( ) { } [ ] , .`
        case punctuation
        /// `== = != <> < <= =< > >= => && || !`
        case `operator`
        case end
    }

    var kind: Kind
    var text: String
    var offset: Int
}

/// Splits an NSPredicate format string into tokens. Never traps: bad input is a ``QuerySyntaxError``.
struct PredicateFormatLexer {
    private let bytes: [UInt8]
    private var position = 0

    init(_ text: String) { bytes = Array(text.utf8) }

    static func tokenize(_ text: String) throws(QuerySyntaxError) -> [FormatToken] {
        var lexer = PredicateFormatLexer(text)
        var tokens: [FormatToken] = []
        while true {
            let token = try lexer.next()
            tokens.append(token)
            if token.kind == .end { return tokens }
        }
    }

    private func byte(_ index: Int) -> UInt8? { index >= 0 && index < bytes.count ? bytes[index] : nil }
    private func text(_ start: Int, _ end: Int) -> String { String(decoding: bytes[start..<end], as: UTF8.self) }

    private static func isWordStart(_ byte: UInt8) -> Bool {
        (byte >= 0x41 && byte <= 0x5A) || (byte >= 0x61 && byte <= 0x7A) || byte == 0x5F || byte == 0x24
            || byte == 0x40 || byte >= 0x80
    }
    private static func isWordBody(_ byte: UInt8) -> Bool { isWordStart(byte) || isDigit(byte) }
    private static func isDigit(_ byte: UInt8) -> Bool { byte >= 0x30 && byte <= 0x39 }

    private mutating func next() throws(QuerySyntaxError) -> FormatToken {
        while let current = byte(position), current == 0x20 || current == 0x09 || current == 0x0A || current == 0x0D {
            position += 1
        }
        let start = position
        guard let first = byte(position) else { return FormatToken(kind: .end, text: "", offset: start) }
        if first == 0x27 || first == 0x22 { return try string(quote: first) }
        if first == 0x25 {
            guard let letter = byte(position + 1), Self.isWordStart(letter) || letter == 0x40 else {
                throw QuerySyntaxError(
                    offset: start, message: "'%' must be followed by a format specifier such as %@ or %K")
            }
            position += 2
            return FormatToken(
                kind: .placeholder(Character(UnicodeScalar(letter))), text: text(start, position), offset: start)
        }
        if let date = timestamp() { return date }
        if Self.isDigit(first) || (first == 0x2D && byte(position + 1).map(Self.isDigit) == true) {
            return number()
        }
        if Self.isWordStart(first) {
            while let current = byte(position), Self.isWordBody(current) { position += 1 }
            let word = text(start, position)
            if ["oid", "uuid"].contains(word.lowercased()), byte(position) == UInt8(ascii: "(") {
                let open = position + 1
                var close = open
                while let current = byte(close), current != UInt8(ascii: ")") { close += 1 }
                guard close < bytes.count else {
                    throw QuerySyntaxError(offset: start, message: "unterminated \(word)(")
                }
                position = close + 1
                return FormatToken(
                    kind: .typed(word.lowercased()), text: text(open, close).trimmed(of: " "), offset: start)
            }
            return FormatToken(kind: .word, text: word, offset: start)
        }
        if "(){}[],.".utf8.contains(first) {
            position += 1
            return FormatToken(kind: .punctuation, text: text(start, position), offset: start)
        }
        let twoCharacter = ["==", "!=", "<>", "<=", "=<", ">=", "=>", "&&", "||"]
        if let second = byte(position + 1), twoCharacter.contains(String(decoding: [first, second], as: UTF8.self)) {
            position += 2
            return FormatToken(kind: .operator, text: text(start, position), offset: start)
        }
        if "=<>!".utf8.contains(first) {
            position += 1
            return FormatToken(kind: .operator, text: text(start, position), offset: start)
        }
        throw QuerySyntaxError(
            offset: start, message: "unexpected character '\(text(start, min(bytes.count, start + 1)))'")
    }

    private mutating func string(quote: UInt8) throws(QuerySyntaxError) -> FormatToken {
        let start = position
        position += 1
        var value: [UInt8] = []
        while let current = byte(position) {
            position += 1
            if current == quote {
                return FormatToken(kind: .string, text: String(decoding: value, as: UTF8.self), offset: start)
            }
            if current == 0x5C {
                guard let escaped = byte(position) else { break }
                position += 1
                switch escaped {
                case UInt8(ascii: "n"): value.append(0x0A)
                case UInt8(ascii: "t"): value.append(0x09)
                case UInt8(ascii: "r"): value.append(0x0D)
                case UInt8(ascii: "0"): value.append(0x00)
                default: value.append(escaped)
                }
            } else {
                value.append(current)
            }
        }
        throw QuerySyntaxError(offset: start, message: "unterminated string literal")
    }

    private mutating func number() -> FormatToken {
        let start = position
        if byte(position) == 0x2D { position += 1 }
        if byte(position) == 0x30, let x = byte(position + 1), x == 0x78 || x == 0x58 {
            position += 2
            while let current = byte(position), Self.isDigit(current) || "abcdefABCDEF".utf8.contains(current) {
                position += 1
            }
            return FormatToken(kind: .integer, text: text(start, position), offset: start)
        }
        var isFloat = false
        while let current = byte(position) {
            if Self.isDigit(current) {
                position += 1
            } else if current == 0x2E, !isFloat, byte(position + 1).map(Self.isDigit) == true {
                isFloat = true
                position += 1
            } else if current == 0x65 || current == 0x45,
                let next = byte(position + 1), Self.isDigit(next) || next == 0x2D || next == 0x2B
            {
                isFloat = true
                position += 2
            } else {
                break
            }
        }
        return FormatToken(kind: isFloat ? .float : .integer, text: text(start, position), offset: start)
    }

    /// Realm's timestamp literals: `T<seconds>:<nanoseconds>` and `YYYY-MM-DD@HH:MM:SS[:NANOS]` (also with `T`
    /// for `@`), in UTC.
    private mutating func timestamp() -> FormatToken? {
        let start = position
        var scan = position
        func digits(_ limit: Int) -> Int64? {
            var value: Int64 = 0
            var count = 0
            while count < limit, let current = byte(scan), Self.isDigit(current) {
                value = value * 10 + Int64(current - 0x30)
                scan += 1
                count += 1
            }
            return count == 0 ? nil : value
        }
        if byte(scan) == UInt8(ascii: "T"), byte(scan + 1).map({ Self.isDigit($0) || $0 == 0x2D }) == true {
            scan += 1
            let negative = byte(scan) == 0x2D
            if negative { scan += 1 }
            guard let seconds = digits(18), byte(scan) == 0x3A else { return nil }
            scan += 1
            guard let nanoseconds = digits(9), byte(scan).map(Self.isWordBody) != true else { return nil }
            position = scan
            return FormatToken(
                kind: .date(seconds: negative ? -seconds : seconds, nanoseconds: Int32(nanoseconds)),
                text: text(start, position), offset: start)
        }
        guard let year = digits(4), scan - start == 4, byte(scan) == 0x2D else { return nil }
        scan += 1
        guard let month = digits(2), byte(scan) == 0x2D else { return nil }
        scan += 1
        guard let day = digits(2), let separator = byte(scan), separator == 0x40 || separator == 0x54 else {
            return nil
        }
        scan += 1
        guard let hour = digits(2), byte(scan) == 0x3A else { return nil }
        scan += 1
        guard let minute = digits(2), byte(scan) == 0x3A else { return nil }
        scan += 1
        guard let second = digits(2) else { return nil }
        var nanoseconds: Int64 = 0
        if byte(scan) == 0x3A {
            scan += 1
            guard let value = digits(9) else { return nil }
            nanoseconds = value
        }
        guard (1...12).contains(month), (1...31).contains(day), hour < 24, minute < 60, second < 61,
            byte(scan).map(Self.isWordBody) != true
        else { return nil }
        position = scan
        let days = Self.daysSince1970(year: year, month: month, day: day)
        return FormatToken(
            kind: .date(seconds: days * 86_400 + hour * 3_600 + minute * 60 + second, nanoseconds: Int32(nanoseconds)),
            text: text(start, position), offset: start)
    }

    /// Days from 1970-01-01 to a date of the proleptic Gregorian calendar.
    static func daysSince1970(year: Int64, month: Int64, day: Int64) -> Int64 {
        let shiftedYear = month <= 2 ? year - 1 : year
        let era = (shiftedYear >= 0 ? shiftedYear : shiftedYear - 399) / 400
        let yearOfEra = shiftedYear - era * 400
        let dayOfYear = (153 * (month + (month > 2 ? -3 : 9)) + 2) / 5 + day - 1
        let dayOfEra = yearOfEra * 365 + yearOfEra / 4 - yearOfEra / 100 + dayOfYear
        return era * 146_097 + dayOfEra - 719_468
    }
}
