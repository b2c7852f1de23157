import Foundation

/// A ``LenientJSON`` value seen "JSON-equal": object member order and whitespace ignored, array order kept,
/// numbers compared as numbers (integers exactly, NaN equal to NaN), strings byte for byte.
public indirect enum JSONValue: Equatable {
    case null
    case bool(Bool)
    /// An integer that fits `Int64`, in its canonical text.
    case integer(String)
    case number(Double)
    case string([UInt8])
    case array([JSONValue])
    /// Members by key; of repeated keys the last wins.
    case object([String: JSONValue])

    /// The JSON-equal view of `json`.
    public init(_ json: LenientJSON) {
        switch json {
        case .null: self = .null
        case .bool(let flag): self = .bool(flag)
        case .number(let text):
            let isInteger = !text.utf8.contains {
                $0 == UInt8(ascii: ".") || $0 == UInt8(ascii: "e") || $0 == UInt8(ascii: "E")
            }
            if isInteger, let integer = Int64(text) {
                self = .integer(String(integer))
            } else {
                switch text {
                case "nan": self = .number(.nan)
                case "-nan": self = .number(-.nan)
                case "inf": self = .number(.infinity)
                case "-inf": self = .number(-.infinity)
                default: self = .number(Double(text) ?? .nan)  // the parser accepted only texts `Double` reads
                }
            }
        case .string(let bytes): self = .string(bytes)
        case .array(let elements): self = .array(elements.map(JSONValue.init))
        case .object(let members):
            var dictionary: [String: JSONValue] = [:]
            for member in members { dictionary[member.key] = JSONValue(member.value) }
            self = .object(dictionary)
        }
    }

    public static func == (lhs: JSONValue, rhs: JSONValue) -> Bool {
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
    public func firstDifference(from other: JSONValue, path: String = "$") -> String? {
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

    /// A short description for difference messages.
    public var brief: String {
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

extension LenientJSON {
    /// The JSON-equal view of this value (see ``JSONValue``).
    public var jsonEqual: JSONValue { JSONValue(self) }

    /// This value as `JSONSerialization` would give it (`[String: Any]`, `[Any]`, `String`, `NSNumber`, `NSNull`),
    /// with the non-finite numbers as the strings `"$nan"` (for `nan` and `-nan`), `"$inf"` and `"$-inf"`.
    public func foundationObject() throws -> Any {
        switch self {
        case .null: return NSNull()
        case .bool(let flag):
            return try JSONSerialization.jsonObject(with: Data("\(flag)".utf8), options: .fragmentsAllowed)
        case .number(let text):
            switch text {
            case "nan", "-nan": return "$nan"
            case "inf": return "$inf"
            case "-inf": return "$-inf"
            default:
                // Foundation's number parser is not correctly rounded on Linux (`-8.1700077060985720e+01` comes back
                // one bit off); Swift's is, so fractions and exponents go through `Double(_:)`.
                if text.contains(where: { $0 == "." || $0 == "e" || $0 == "E" }), let number = Double(text) {
                    return NSNumber(value: number)
                }
                return try JSONSerialization.jsonObject(with: Data(text.utf8), options: .fragmentsAllowed)
            }
        case .string(let bytes): return String(decoding: bytes, as: UTF8.self)
        case .array(let elements): return try elements.map { try $0.foundationObject() }
        case .object(let members):
            var dictionary: [String: Any] = [:]
            for member in members { dictionary[member.key] = try member.value.foundationObject() }
            return dictionary
        }
    }
}
