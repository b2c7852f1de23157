/// Objective-C (C) literals as Swift writes them, for defaults carried from `+defaultPropertyValues`: a string
/// literal's escapes decoded (`\x41`, `\101`, `\u00e9` have no Swift spelling as written), a number's suffixes
/// dropped and its C-only spellings rewritten (`010` is octal in C, `.5` and `5.` are not Swift).
enum ObjectiveCLiteral {
    /// The text of the C string literal body `body` (between its quotes), escapes decoded; `nil` for an escape C
    /// does not define.
    static func decodedString(_ body: String) -> String? {
        var result = String.UnicodeScalarView()
        var scalars = Array(body.unicodeScalars)[...]
        while let scalar = scalars.popFirst() {
            guard scalar == "\\" else {
                result.append(scalar)
                continue
            }
            guard let escape = scalars.popFirst() else { return nil }
            switch escape {
            case "n": result.append("\n")
            case "t": result.append("\t")
            case "r": result.append("\r")
            case "a": result.append("\u{07}")
            case "b": result.append("\u{08}")
            case "f": result.append("\u{0C}")
            case "v": result.append("\u{0B}")
            case "\\", "\"", "'", "?": result.append(escape)
            case "x":
                let digits = scalars.prefix { $0.properties.isASCIIHexDigit }
                scalars = scalars.dropFirst(digits.count)
                guard let value = UInt32(String(String.UnicodeScalarView(digits)), radix: 16), value < 0x80,
                    let decoded = Unicode.Scalar(value)
                else { return nil }
                result.append(decoded)
            case "u", "U":
                let count = escape == "u" ? 4 : 8
                let digits = scalars.prefix(count)
                scalars = scalars.dropFirst(count)
                guard digits.count == count, let value = UInt32(String(String.UnicodeScalarView(digits)), radix: 16),
                    let decoded = Unicode.Scalar(value)
                else { return nil }
                result.append(decoded)
            case "0"..."7":
                var digits = String(escape)
                while digits.count < 3, let next = scalars.first, ("0"..."7").contains(next) {
                    digits.unicodeScalars.append(next)
                    scalars = scalars.dropFirst()
                }
                guard let value = UInt32(digits, radix: 8), value < 0x80, let decoded = Unicode.Scalar(value) else {
                    return nil
                }
                result.append(decoded)
            default:
                return nil
            }
        }
        return String(result)
    }

    /// The C number literal `text` as a Swift literal, and whether it is an integer; `nil` when it is no number.
    static func number(_ text: String, negative: Bool) -> (swift: String, isInteger: Bool)? {
        let lower = text.lowercased()
        let isHex = lower.hasPrefix("0x")
        var body = Substring(lower)
        while let last = body.last, "ul".contains(last) || (!isHex && last == "f") { body = body.dropLast() }
        guard !body.isEmpty else { return nil }
        let sign = negative ? "-" : ""
        if isHex {
            let digits = body.dropFirst(2)
            guard !digits.isEmpty,
                digits.allSatisfy({ $0.isHexDigit || $0 == "." || $0 == "p" || $0 == "+" || $0 == "-" })
            else { return nil }
            return (sign + "0x" + digits, !digits.contains("p") && !digits.contains("."))
        }
        guard body.allSatisfy({ $0.isNumber || $0 == "." || $0 == "e" || $0 == "+" || $0 == "-" }),
            body.first?.isNumber == true || body.first == "."
        else { return nil }
        let isInteger = !body.contains(".") && !body.contains("e")
        if isInteger, body.count > 1, body.hasPrefix("0") {
            // C reads a leading 0 as octal.
            guard let value = Int(body, radix: 8) else { return nil }
            return (sign + String(value), true)
        }
        var swift = String(body)
        if swift.hasPrefix(".") { swift = "0" + swift }
        if let dot = swift.firstIndex(of: "."),
            swift.index(after: dot) == swift.endIndex || swift[swift.index(after: dot)] == "e"
        {
            swift.insert("0", at: swift.index(after: dot))
        }
        return (sign + swift, isInteger)
    }
}
