import Foundation

/// A JSON value as the engine's `realm2json` prints it: numbers keep their exact text (so `1.5000000e+00`,
/// `nan` and `-9223372036854775808` compare exactly), objects keep their member order.
indirect enum LenientJSON: Equatable {
    case null
    case bool(Bool)
    case number(String)
    case string(String)
    case array([LenientJSON])
    case object([Member])

    /// One member of an object.
    struct Member: Equatable {
        let key: String
        let value: LenientJSON
        init(_ key: String, _ value: LenientJSON) {
            self.key = key
            self.value = value
        }
    }

    /// The member `key` of an object.
    subscript(key: String) -> LenientJSON? {
        guard case .object(let members) = self else { return nil }
        return members.first { $0.key == key }?.value
    }

    /// Parses `realm2json` output: standard JSON plus bare `nan`/`inf`/`-inf` tokens and raw control bytes
    /// inside strings (the engine writes both).
    static func parse(_ data: Data) throws -> LenientJSON {
        var parser = Parser(bytes: [UInt8](data))
        let value = try parser.value()
        parser.skipWhitespace()
        guard parser.position == parser.bytes.count else { throw parser.failure("trailing characters") }
        return value
    }

    struct ParseError: Error, CustomStringConvertible {
        let description: String
    }

    private struct Parser {
        let bytes: [UInt8]
        var position = 0

        func failure(_ message: String) -> ParseError { ParseError(description: "\(message) at byte \(position)") }

        mutating func skipWhitespace() {
            while position < bytes.count, [0x20, 0x0A, 0x0D, 0x09].contains(bytes[position]) { position += 1 }
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

        mutating func literal(_ text: String) throws {
            guard bytes[position...].starts(with: Array(text.utf8)) else { throw failure("expected \(text)") }
            position += text.utf8.count
        }

        mutating func number() throws -> String {
            let start = position
            while position < bytes.count, !",]} \n\r\t".utf8.contains(bytes[position]) { position += 1 }
            guard position > start else { throw failure("expected a value") }
            return String(decoding: bytes[start..<position], as: UTF8.self)
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
                position += 1
                if byte == UInt8(ascii: "]") { return .array(elements) }
                guard byte == UInt8(ascii: ",") else { throw failure("expected , or ]") }
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
                let key = try string()
                skipWhitespace()
                guard position < bytes.count, bytes[position] == UInt8(ascii: ":") else { throw failure("expected :") }
                position += 1
                members.append(Member(key, try value()))
                skipWhitespace()
                guard position < bytes.count else { throw failure("unterminated object") }
                let byte = bytes[position]
                position += 1
                if byte == UInt8(ascii: "}") { return .object(members) }
                guard byte == UInt8(ascii: ",") else { throw failure("expected , or }") }
            }
        }

        mutating func string() throws -> String {
            position += 1
            var out: [UInt8] = []
            while position < bytes.count {
                let byte = bytes[position]
                position += 1
                if byte == UInt8(ascii: "\"") { return String(decoding: out, as: UTF8.self) }
                guard byte == UInt8(ascii: "\\") else {
                    out.append(byte)  // raw bytes, control characters included, as the engine writes them
                    continue
                }
                guard position < bytes.count else { break }
                let escape = bytes[position]
                position += 1
                switch escape {
                case UInt8(ascii: "n"): out.append(0x0A)
                case UInt8(ascii: "r"): out.append(0x0D)
                case UInt8(ascii: "t"): out.append(0x09)
                case UInt8(ascii: "f"): out.append(0x0C)
                case UInt8(ascii: "b"): out.append(0x08)
                case UInt8(ascii: "u"):
                    guard position + 4 <= bytes.count,
                        let code = UInt32(String(decoding: bytes[position..<position + 4], as: UTF8.self), radix: 16),
                        let scalar = Unicode.Scalar(code)
                    else { throw failure("bad \\u escape") }
                    position += 4
                    out.append(contentsOf: Array(String(Character(scalar)).utf8))
                default: out.append(escape)
                }
            }
            throw failure("unterminated string")
        }
    }
}
