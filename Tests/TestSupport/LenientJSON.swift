import Foundation

/// A JSON value as realm-core's `realm2json` prints it, parsed without losing anything: numbers keep their exact
/// text (so `1.5000000e+00`, `nan` and `-9223372036854775808` compare exactly), objects keep their member order,
/// strings keep their bytes. The JSON-equal view (``JSONValue``) and the Foundation view
/// (``foundationObject()``) are functions of this one.
public indirect enum LenientJSON: Equatable, Sendable {
    case null
    case bool(Bool)
    /// The number's text as printed, including the bare `nan`, `-nan`, `inf` and `-inf`.
    case number(String)
    /// The string's bytes after unescaping (raw control bytes kept as written).
    case string([UInt8])
    case array([LenientJSON])
    case object([Member])

    /// One member of an object.
    public struct Member: Equatable, Sendable {
        public let key: String
        public let value: LenientJSON
        public init(_ key: String, _ value: LenientJSON) {
            self.key = key
            self.value = value
        }
    }

    /// A string value holding `text`'s UTF-8 bytes.
    public static func text(_ text: String) -> LenientJSON { .string(Array(text.utf8)) }

    /// A string value's bytes decoded as UTF-8 (ill-formed sequences repaired); `nil` for other values.
    public var text: String? {
        guard case .string(let bytes) = self else { return nil }
        return String(decoding: bytes, as: UTF8.self)
    }

    /// The first member `key` of an object.
    public subscript(key: String) -> LenientJSON? {
        guard case .object(let members) = self else { return nil }
        return members.first { $0.key == key }?.value
    }

    /// Parses `realm2json` output: standard JSON plus bare `nan`/`-nan`/`inf`/`-inf` tokens and raw control bytes
    /// inside strings (the engine writes both).
    public static func parse(_ data: Data) throws -> LenientJSON { try parse([UInt8](data)) }

    /// Parses `realm2json` output held as bytes; see ``parse(_:)-(Data)``.
    public static func parse(_ bytes: [UInt8]) throws -> LenientJSON {
        var parser = Parser(bytes: bytes)
        let value = try parser.value()
        parser.skipWhitespace()
        guard parser.position == bytes.count else { throw parser.failure("trailing bytes") }
        return value
    }

    /// Why a document is not lenient JSON, and where.
    public struct ParseError: Error, CustomStringConvertible {
        public let offset: Int
        public let reason: String
        public var description: String { "JSON parse error at byte \(offset): \(reason)" }
    }

    private struct Parser {
        let bytes: [UInt8]
        var position = 0

        func failure(_ reason: String, at offset: Int? = nil) -> ParseError {
            ParseError(offset: offset ?? position, reason: reason)
        }

        mutating func skipWhitespace() {
            while position < bytes.count, [0x20, 0x0A, 0x0D, 0x09].contains(bytes[position]) { position += 1 }
        }

        mutating func literal(_ text: String) throws {
            guard bytes[position...].starts(with: Array(text.utf8)) else { throw failure("expected \(text)") }
            position += text.utf8.count
        }

        mutating func value() throws -> LenientJSON {
            skipWhitespace()
            guard position < bytes.count else { throw failure("unexpected end") }
            switch bytes[position] {
            case UInt8(ascii: "{"): return try object()
            case UInt8(ascii: "["): return try array()
            case UInt8(ascii: "\""): return .string(try string())
            case UInt8(ascii: "t"):
                try literal("true")
                return .bool(true)
            case UInt8(ascii: "f"):
                try literal("false")
                return .bool(false)
            case UInt8(ascii: "n") where bytes[position...].starts(with: Array("null".utf8)):
                try literal("null")
                return .null
            default: return .number(try number())
            }
        }

        /// A JSON number or one of the bare `nan`, `-nan`, `inf`, `-inf`, as its text.
        mutating func number() throws -> String {
            let start = position
            if position < bytes.count, bytes[position] == UInt8(ascii: "-") { position += 1 }
            for token in ["nan", "inf"] where bytes[position...].starts(with: Array(token.utf8)) {
                position += 3
                return String(decoding: bytes[start..<position], as: UTF8.self)
            }
            while position < bytes.count, "0123456789.eE+-".utf8.contains(bytes[position]) { position += 1 }
            guard position > start else { throw failure("unexpected byte \(bytes[start])", at: start) }
            let text = String(decoding: bytes[start..<position], as: UTF8.self)
            guard Double(text) != nil else { throw failure("bad number \(text)", at: start) }
            return text
        }

        mutating func array() throws -> LenientJSON {
            position += 1
            var elements: [LenientJSON] = []
            skipWhitespace()
            if position < bytes.count, bytes[position] == UInt8(ascii: "]") {
                position += 1
                return .array(elements)
            }
            while true {
                elements.append(try value())
                skipWhitespace()
                guard position < bytes.count else { throw failure("unterminated array") }
                let byte = bytes[position]
                guard byte == UInt8(ascii: ",") || byte == UInt8(ascii: "]") else { throw failure("expected , or ]") }
                position += 1
                if byte == UInt8(ascii: "]") { return .array(elements) }
            }
        }

        mutating func object() throws -> LenientJSON {
            position += 1
            var members: [Member] = []
            skipWhitespace()
            if position < bytes.count, bytes[position] == UInt8(ascii: "}") {
                position += 1
                return .object(members)
            }
            while true {
                skipWhitespace()
                guard position < bytes.count, bytes[position] == UInt8(ascii: "\"") else {
                    throw failure("expected key")
                }
                let key = String(decoding: try string(), as: UTF8.self)
                skipWhitespace()
                guard position < bytes.count, bytes[position] == UInt8(ascii: ":") else { throw failure("expected :") }
                position += 1
                members.append(Member(key, try value()))
                skipWhitespace()
                guard position < bytes.count else { throw failure("unterminated object") }
                let byte = bytes[position]
                guard byte == UInt8(ascii: ",") || byte == UInt8(ascii: "}") else { throw failure("expected , or }") }
                position += 1
                if byte == UInt8(ascii: "}") { return .object(members) }
            }
        }

        mutating func string() throws -> [UInt8] {
            position += 1
            var out: [UInt8] = []
            while position < bytes.count {
                let byte = bytes[position]
                position += 1
                if byte == UInt8(ascii: "\"") { return out }
                guard byte == UInt8(ascii: "\\") else {
                    out.append(byte)  // raw bytes, control characters included, as the engine writes them
                    continue
                }
                guard position < bytes.count else { break }
                let escape = bytes[position]
                position += 1
                switch escape {
                case UInt8(ascii: "\""), UInt8(ascii: "\\"), UInt8(ascii: "/"): out.append(escape)
                case UInt8(ascii: "b"): out.append(0x08)
                case UInt8(ascii: "f"): out.append(0x0C)
                case UInt8(ascii: "n"): out.append(0x0A)
                case UInt8(ascii: "r"): out.append(0x0D)
                case UInt8(ascii: "t"): out.append(0x09)
                case UInt8(ascii: "u"):
                    var scalar = try hex4()
                    if (0xD800..<0xDC00).contains(scalar), position + 1 < bytes.count,
                        bytes[position] == UInt8(ascii: "\\"), bytes[position + 1] == UInt8(ascii: "u")
                    {
                        position += 2
                        let low = try hex4()
                        scalar = 0x10000 + ((scalar - 0xD800) << 10) + (low &- 0xDC00)
                    }
                    out.append(contentsOf: Array(String(Character(Unicode.Scalar(scalar) ?? "\u{FFFD}")).utf8))
                default: throw failure("bad escape", at: position - 1)
                }
            }
            throw failure("unterminated string")
        }

        mutating func hex4() throws -> UInt32 {
            guard position + 4 <= bytes.count,
                let value = UInt32(String(decoding: bytes[position..<position + 4], as: UTF8.self), radix: 16)
            else { throw failure("bad \\u escape") }
            position += 4
            return value
        }
    }
}
