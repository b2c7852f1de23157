/// A value of an old-style (OpenStep) property list, the text format of Xcode's `project.pbxproj`:
/// `{ key = value; }`, `( value, value, )`, and strings, quoted or bare.
package indirect enum OpenStepValue: Sendable, Equatable {
    case string(String)
    case array([OpenStepValue])
    case dictionary([String: OpenStepValue])

    /// The string, when the value is one.
    package var string: String? {
        if case .string(let text) = self { return text }
        return nil
    }

    /// The strings of an array value (other elements skipped); empty for anything else.
    package var strings: [String] {
        if case .array(let values) = self { return values.compactMap(\.string) }
        return []
    }

    /// The entries of a dictionary value; `nil` for anything else.
    package var dictionary: [String: OpenStepValue]? {
        if case .dictionary(let entries) = self { return entries }
        return nil
    }
}

/// Why an old-style property list cannot be read: what was expected, at which line.
package struct OpenStepPropertyListError: Error, Sendable, Equatable, CustomStringConvertible {
    /// The 1-based line where reading stopped.
    package var line: Int
    /// What was expected there.
    package var expected: String

    package var description: String { "line \(line): expected \(expected)" }
}

/// Reads old-style property lists. Nesting is bounded, so hostile input cannot exhaust the stack.
package enum OpenStepPropertyList {
    /// The deepest nesting of dictionaries and arrays read (real projects nest fewer than ten).
    static let maximumDepth = 64

    /// The value that `text` holds.
    /// - Throws: ``OpenStepPropertyListError`` naming the line where the text stops being a property list.
    package static func parse(_ text: String) throws(OpenStepPropertyListError) -> OpenStepValue {
        var reader = Reader(bytes: Array(text.utf8))
        let value = try reader.value(depth: 0)
        reader.skipSpaceAndComments()
        guard reader.position == reader.bytes.count else { throw reader.error("the end of the file") }
        return value
    }

    private struct Reader {
        let bytes: [UInt8]
        var position = 0
        var line = 1

        func error(_ expected: String) -> OpenStepPropertyListError {
            OpenStepPropertyListError(line: line, expected: expected)
        }

        mutating func value(depth: Int) throws(OpenStepPropertyListError) -> OpenStepValue {
            guard depth < OpenStepPropertyList.maximumDepth else { throw error("less nesting") }
            skipSpaceAndComments()
            guard position < bytes.count else { throw error("a value") }
            switch bytes[position] {
            case UInt8(ascii: "{"):
                position += 1
                var entries: [String: OpenStepValue] = [:]
                while true {
                    skipSpaceAndComments()
                    if position < bytes.count, bytes[position] == UInt8(ascii: "}") {
                        position += 1
                        return .dictionary(entries)
                    }
                    let key = try string()
                    try expect(UInt8(ascii: "="), "'=' after the key '\(key)'")
                    entries[key] = try value(depth: depth + 1)
                    try expect(UInt8(ascii: ";"), "';' after the value of '\(key)'")
                }
            case UInt8(ascii: "("):
                position += 1
                var values: [OpenStepValue] = []
                while true {
                    skipSpaceAndComments()
                    if position < bytes.count, bytes[position] == UInt8(ascii: ")") {
                        position += 1
                        return .array(values)
                    }
                    values.append(try value(depth: depth + 1))
                    skipSpaceAndComments()
                    if position < bytes.count, bytes[position] == UInt8(ascii: ",") {
                        position += 1
                    } else if position >= bytes.count || bytes[position] != UInt8(ascii: ")") {
                        throw error("',' or ')' in an array")
                    }
                }
            default:
                return .string(try string())
            }
        }

        mutating func expect(_ byte: UInt8, _ what: String) throws(OpenStepPropertyListError) {
            skipSpaceAndComments()
            guard position < bytes.count, bytes[position] == byte else { throw error(what) }
            position += 1
        }

        /// A quoted string (with its escapes) or a bare word.
        mutating func string() throws(OpenStepPropertyListError) -> String {
            skipSpaceAndComments()
            guard position < bytes.count else { throw error("a string") }
            if bytes[position] == UInt8(ascii: "\"") {
                position += 1
                var result: [UInt8] = []
                while position < bytes.count {
                    let byte = bytes[position]
                    position += 1
                    switch byte {
                    case UInt8(ascii: "\""):
                        return String(decoding: result, as: UTF8.self)
                    case UInt8(ascii: "\\"):
                        guard position < bytes.count else { throw error("an escaped character") }
                        let escaped = bytes[position]
                        position += 1
                        switch escaped {
                        case UInt8(ascii: "n"): result.append(UInt8(ascii: "\n"))
                        case UInt8(ascii: "t"): result.append(UInt8(ascii: "\t"))
                        default: result.append(escaped)
                        }
                    default:
                        if byte == UInt8(ascii: "\n") { line += 1 }
                        result.append(byte)
                    }
                }
                throw error("the end of a quoted string")
            }
            let start = position
            while position < bytes.count, Self.isBare(bytes[position]) { position += 1 }
            guard position > start else { throw error("a string") }
            return String(decoding: bytes[start..<position], as: UTF8.self)
        }

        static func isBare(_ byte: UInt8) -> Bool {
            switch byte {
            case UInt8(ascii: "a")...UInt8(ascii: "z"), UInt8(ascii: "A")...UInt8(ascii: "Z"),
                UInt8(ascii: "0")...UInt8(ascii: "9"):
                true
            default:
                [
                    UInt8(ascii: "_"), UInt8(ascii: "$"), UInt8(ascii: "/"), UInt8(ascii: ":"), UInt8(ascii: "."),
                    UInt8(ascii: "-"), UInt8(ascii: "+"),
                ].contains(byte) || byte >= 0x80
            }
        }

        mutating func skipSpaceAndComments() {
            while position < bytes.count {
                let byte = bytes[position]
                if byte == UInt8(ascii: "\n") {
                    line += 1
                    position += 1
                } else if byte == UInt8(ascii: " ") || byte == UInt8(ascii: "\t") || byte == UInt8(ascii: "\r") {
                    position += 1
                } else if byte == UInt8(ascii: "/"), position + 1 < bytes.count,
                    bytes[position + 1] == UInt8(ascii: "*")
                {
                    position += 2
                    while position < bytes.count,
                        !(bytes[position] == UInt8(ascii: "*") && position + 1 < bytes.count
                            && bytes[position + 1] == UInt8(ascii: "/"))
                    {
                        if bytes[position] == UInt8(ascii: "\n") { line += 1 }
                        position += 1
                    }
                    position = min(position + 2, bytes.count)
                } else if byte == UInt8(ascii: "/"), position + 1 < bytes.count,
                    bytes[position + 1] == UInt8(ascii: "/")
                {
                    while position < bytes.count, bytes[position] != UInt8(ascii: "\n") { position += 1 }
                } else {
                    return
                }
            }
        }
    }
}
