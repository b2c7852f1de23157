/// Finds the interpolations of a string literal as written (`"a \(b) c"`, `#"a \#(b)"#`, multi-line literals), so
/// their code can be lexed and read like any other: the audit's scan and the migration blocks `realm models` carries.
package enum StringInterpolations {
    /// The byte ranges of the code of each interpolation, between its `(` and the matching `)`, outermost only;
    /// an interpolation that is never closed runs to the end of the literal.
    package static func segments(of bytes: [UInt8]) -> [Range<Int>] {
        let hash = UInt8(ascii: "#")
        let backslash = UInt8(ascii: "\\")
        var hashes = 0
        while hashes < bytes.count, bytes[hashes] == hash { hashes += 1 }
        var result: [Range<Int>] = []
        var index = hashes
        while index < bytes.count {
            guard bytes[index] == backslash else {
                index += 1
                continue
            }
            var cursor = index + 1
            var count = 0
            while cursor < bytes.count, bytes[cursor] == hash, count < hashes {
                cursor += 1
                count += 1
            }
            guard count == hashes, cursor < bytes.count else {
                index = cursor
                continue
            }
            guard bytes[cursor] == UInt8(ascii: "(") else {
                // An escape (`\\`, `\"`, `\n`): skip the escaped character.
                index = cursor + 1
                continue
            }
            let start = cursor + 1
            let end = closingParenthesis(in: bytes, from: start)
            result.append(start..<end)
            index = end + 1
        }
        return result
    }

    /// The index of the `)` that closes an interpolation whose code starts at `start`, skipping parentheses
    /// inside nested string literals; the end of the bytes when there is none.
    private static func closingParenthesis(in bytes: [UInt8], from start: Int) -> Int {
        var depth = 0
        var inString = false
        var index = start
        while index < bytes.count {
            let byte = bytes[index]
            if inString {
                if byte == UInt8(ascii: "\\") {
                    index += 2
                    continue
                }
                if byte == UInt8(ascii: "\"") { inString = false }
            } else if byte == UInt8(ascii: "\"") {
                inString = true
            } else if byte == UInt8(ascii: "(") {
                depth += 1
            } else if byte == UInt8(ascii: ")") {
                if depth == 0 { return index }
                depth -= 1
            }
            index += 1
        }
        return bytes.count
    }
}
