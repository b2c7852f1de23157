import Foundation

/// A parsed JSON value, for comparing documents "JSON-equal": object member order and whitespace ignored, array
/// order kept, numbers compared as numbers (integers exactly, NaN equal to NaN), strings byte for byte.
indirect enum JSONValue: Equatable {
    case null
    case bool(Bool)
    case integer(String)
    case number(Double)
    case string([UInt8])
    case array([JSONValue])
    case object([String: JSONValue])

    static func == (lhs: JSONValue, rhs: JSONValue) -> Bool {
        switch (lhs, rhs) {
        case (.null, .null): true
        case (.bool(let a), .bool(let b)): a == b
        case (.integer(let a), .integer(let b)): a == b
        case (.number(let a), .number(let b)): a == b || (a.isNaN && b.isNaN)
        case (.integer(let a), .number(let b)), (.number(let b), .integer(let a)): Double(a) == b
        case (.string(let a), .string(let b)): a == b
        case (.array(let a), .array(let b)): a == b
        case (.object(let a), .object(let b)): a == b
        default: false
        }
    }

    /// The first place where `self` and `other` differ, as a path and both values; `nil` when JSON-equal.
    func firstDifference(from other: JSONValue, path: String = "$") -> String? {
        switch (self, other) {
        case (.array(let a), .array(let b)):
            for index in 0..<min(a.count, b.count) {
                if let difference = a[index].firstDifference(from: b[index], path: "\(path)[\(index)]") {
                    return difference
                }
            }
            return a.count == b.count ? nil : "\(path): \(a.count) elements vs \(b.count)"
        case (.object(let a), .object(let b)):
            for key in a.keys.sorted() {
                guard let right = b[key] else { return "\(path): member '\(key)' only on the left" }
                if let difference = a[key]?.firstDifference(from: right, path: "\(path).\(key)") { return difference }
            }
            for key in b.keys.sorted() where a[key] == nil { return "\(path): member '\(key)' only on the right" }
            return nil
        default:
            return self == other ? nil : "\(path): \(self.brief) vs \(other.brief)"
        }
    }

    var brief: String {
        switch self {
        case .null: "null"
        case .bool(let flag): "\(flag)"
        case .integer(let text): text
        case .number(let number): "\(number)"
        case .string(let bytes): "\"\(String(decoding: bytes.prefix(80), as: UTF8.self))\""
        case .array(let items): "[\(items.count) items]"
        case .object(let members): "{\(members.keys.sorted().prefix(6).joined(separator: ","))}"
        }
    }
}

/// Parses JSON leniently, the way the engine's dumps need: bare `nan`, `-nan`, `inf`, `-inf` tokens and raw
/// control bytes inside strings are accepted (the engine writes both); everything else must be JSON.
struct LenientJSONParser {
    struct Failure: Error, CustomStringConvertible {
        var offset: Int
        var reason: String
        var description: String { "JSON parse error at byte \(offset): \(reason)" }
    }

    private let bytes: [UInt8]
    private var index = 0

    static func parse(_ bytes: [UInt8]) throws -> JSONValue {
        var parser = LenientJSONParser(bytes: bytes)
        let value = try parser.parseValue()
        parser.skipWhitespace()
        guard parser.index == bytes.count else { throw Failure(offset: parser.index, reason: "trailing bytes") }
        return value
    }

    private init(bytes: [UInt8]) { self.bytes = bytes }

    private mutating func skipWhitespace() {
        while index < bytes.count, [0x20, 0x0A, 0x0D, 0x09].contains(bytes[index]) { index += 1 }
    }

    private mutating func expect(_ literal: String) throws {
        let literalBytes = Array(literal.utf8)
        guard index + literalBytes.count <= bytes.count,
            Array(bytes[index..<index + literalBytes.count]) == literalBytes
        else { throw Failure(offset: index, reason: "expected \(literal)") }
        index += literalBytes.count
    }

    private mutating func parseValue() throws -> JSONValue {
        skipWhitespace()
        guard index < bytes.count else { throw Failure(offset: index, reason: "unexpected end") }
        switch bytes[index] {
        case 0x7B: return try parseObject()
        case 0x5B: return try parseArray()
        case 0x22: return .string(try parseString())
        case 0x74:
            try expect("true")
            return .bool(true)
        case 0x66:
            try expect("false")
            return .bool(false)
        case 0x6E:
            if index + 1 < bytes.count, bytes[index + 1] == 0x61 {
                try expect("nan")
                return .number(.nan)
            }
            try expect("null")
            return .null
        case 0x69:
            try expect("inf")
            return .number(.infinity)
        default: return try parseNumber()
        }
    }

    private mutating func parseObject() throws -> JSONValue {
        index += 1
        var members: [String: JSONValue] = [:]
        skipWhitespace()
        if index < bytes.count, bytes[index] == 0x7D {
            index += 1
            return .object(members)
        }
        while true {
            skipWhitespace()
            guard index < bytes.count, bytes[index] == 0x22 else {
                throw Failure(offset: index, reason: "expected key")
            }
            let key = String(decoding: try parseString(), as: UTF8.self)
            skipWhitespace()
            guard index < bytes.count, bytes[index] == 0x3A else { throw Failure(offset: index, reason: "expected :") }
            index += 1
            members[key] = try parseValue()
            skipWhitespace()
            guard index < bytes.count else { throw Failure(offset: index, reason: "unterminated object") }
            if bytes[index] == 0x2C {
                index += 1
                continue
            }
            guard bytes[index] == 0x7D else { throw Failure(offset: index, reason: "expected , or }") }
            index += 1
            return .object(members)
        }
    }

    private mutating func parseArray() throws -> JSONValue {
        index += 1
        var items: [JSONValue] = []
        skipWhitespace()
        if index < bytes.count, bytes[index] == 0x5D {
            index += 1
            return .array(items)
        }
        while true {
            items.append(try parseValue())
            skipWhitespace()
            guard index < bytes.count else { throw Failure(offset: index, reason: "unterminated array") }
            if bytes[index] == 0x2C {
                index += 1
                continue
            }
            guard bytes[index] == 0x5D else { throw Failure(offset: index, reason: "expected , or ]") }
            index += 1
            return .array(items)
        }
    }

    private mutating func parseString() throws -> [UInt8] {
        index += 1
        var result: [UInt8] = []
        while index < bytes.count {
            let byte = bytes[index]
            index += 1
            if byte == 0x22 { return result }
            guard byte == 0x5C else {
                result.append(byte)
                continue
            }
            guard index < bytes.count else { break }
            let escape = bytes[index]
            index += 1
            switch escape {
            case 0x22, 0x5C, 0x2F: result.append(escape)
            case 0x62: result.append(0x08)
            case 0x66: result.append(0x0C)
            case 0x6E: result.append(0x0A)
            case 0x72: result.append(0x0D)
            case 0x74: result.append(0x09)
            case 0x75:
                var scalar = try parseHex4()
                if (0xD800..<0xDC00).contains(scalar), index + 1 < bytes.count, bytes[index] == 0x5C,
                    bytes[index + 1] == 0x75
                {
                    index += 2
                    let low = try parseHex4()
                    scalar = 0x10000 + ((scalar - 0xD800) << 10) + (low - 0xDC00)
                }
                result.append(contentsOf: Array(String(Character(Unicode.Scalar(scalar) ?? "\u{FFFD}")).utf8))
            default: throw Failure(offset: index - 1, reason: "bad escape")
            }
        }
        throw Failure(offset: index, reason: "unterminated string")
    }

    private mutating func parseHex4() throws -> UInt32 {
        guard index + 4 <= bytes.count,
            let value = UInt32(String(decoding: bytes[index..<index + 4], as: UTF8.self), radix: 16)
        else { throw Failure(offset: index, reason: "bad \\u escape") }
        index += 4
        return value
    }

    private mutating func parseNumber() throws -> JSONValue {
        let start = index
        if index < bytes.count, bytes[index] == 0x2D {
            index += 1
            if index < bytes.count, bytes[index] == 0x6E {
                try expect("nan")
                return .number(-.nan)
            }
            if index < bytes.count, bytes[index] == 0x69 {
                try expect("inf")
                return .number(-.infinity)
            }
        }
        var isInteger = true
        while index < bytes.count, let byte = Optional(bytes[index]),
            (0x30...0x39).contains(byte) || byte == 0x2E || byte == 0x65 || byte == 0x45 || byte == 0x2B || byte == 0x2D
        {
            if byte == 0x2E || byte == 0x65 || byte == 0x45 { isInteger = false }
            index += 1
        }
        let text = String(decoding: bytes[start..<index], as: UTF8.self)
        guard index > start else { throw Failure(offset: start, reason: "unexpected byte \(bytes[start])") }
        if isInteger, Int64(text) != nil { return .integer(String(Int64(text) ?? 0)) }
        guard let number = Double(text) else { throw Failure(offset: start, reason: "bad number \(text)") }
        return .number(number)
    }
}
