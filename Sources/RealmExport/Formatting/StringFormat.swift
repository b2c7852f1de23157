/// String escaping for the two output families.
///
/// * Engine-compatible (`json`, `xjson`, `xjson-plus`): realm-core escapes only `"` `\` and the control
///   characters backspace, form feed, newline, carriage return and tab; every other byte, including the other
///   control characters U+0000–U+001F, is written raw, exactly as `realm2json` writes it (not valid JSON).
/// * Strict (`jsonl`): RFC 8259 JSON; every control character is escaped.
public enum StringFormat {
    /// What each byte below 0x60 needs: 0 = raw, other = the letter after the backslash, 1 = `\u00XX`.
    private static let engineEscapes: [UInt8] = table(strict: false)
    private static let strictEscapes: [UInt8] = table(strict: true)
    private static let hexDigits: [UInt8] = Array("0123456789abcdef".utf8)

    private static func table(strict: Bool) -> [UInt8] {
        var table = [UInt8](repeating: 0, count: 256)
        if strict { for byte in 0..<0x20 { table[byte] = 1 } }
        table[0x22] = 0x22
        table[0x5C] = 0x5C
        table[0x08] = 0x62
        table[0x0C] = 0x66
        table[0x0A] = 0x6E
        table[0x0D] = 0x72
        table[0x09] = 0x74
        return table
    }

    /// Appends `text` in double quotes with the engine's escaping.
    public static func appendEngineQuoted(_ text: String, to output: OutputBuffer) {
        appendQuoted(text, escapes: engineEscapes, to: output)
    }

    /// Appends `text` in double quotes as strict JSON.
    public static func appendStrictQuoted(_ text: String, to output: OutputBuffer) {
        appendQuoted(text, escapes: strictEscapes, to: output)
    }

    /// Appends a string given as its stored UTF-8 bytes, exactly as ``appendEngineQuoted(_:to:)`` appends the
    /// `String` those bytes decode to (invalid sequences replaced by U+FFFD), without making the `String` when the
    /// bytes are ASCII.
    public static func appendEngineQuoted(utf8 bytes: UnsafeRawBufferPointer, to output: OutputBuffer) {
        guard isASCII(bytes) else {
            appendEngineQuoted(String(decoding: bytes, as: UTF8.self), to: output)
            return
        }
        appendQuoted(bytes, escapes: engineEscapes, to: output)
    }

    /// Whether every byte is below 0x80, eight at a time.
    private static func isASCII(_ bytes: UnsafeRawBufferPointer) -> Bool {
        var index = 0
        let count = bytes.count
        while index &+ 8 <= count {
            if bytes.loadUnaligned(fromByteOffset: index, as: UInt64.self) & 0x8080_8080_8080_8080 != 0 { return false }
            index &+= 8
        }
        while index < count {
            if bytes[index] & 0x80 != 0 { return false }
            index &+= 1
        }
        return true
    }

    private static func appendQuoted(_ text: String, escapes: [UInt8], to output: OutputBuffer) {
        var text = text
        text.withUTF8 { appendQuoted(UnsafeRawBufferPointer($0), escapes: escapes, to: output) }
    }

    private static func appendQuoted(_ bytes: UnsafeRawBufferPointer, escapes: [UInt8], to output: OutputBuffer) {
        output.append(0x22)
        escapes.withUnsafeBufferPointer { escapes in
            var runStart = 0
            var index = 0
            let count = bytes.count
            while index < count {
                let escape = escapes[Int(bytes[index])]
                if escape != 0 {
                    if index > runStart { output.append(UnsafeRawBufferPointer(rebasing: bytes[runStart..<index])) }
                    output.append(0x5C)
                    if escape == 1 {
                        output.append("u00")
                        output.append(hexDigits[Int(bytes[index] >> 4)])
                        output.append(hexDigits[Int(bytes[index] & 0xF)])
                    } else {
                        output.append(escape)
                    }
                    runStart = index &+ 1
                }
                index &+= 1
            }
            if count > runStart { output.append(UnsafeRawBufferPointer(rebasing: bytes[runStart..<count])) }
        }
        output.append(0x22)
    }

    /// Appends a dictionary key as the engine prints it (`util::serializer::print_value` of the key string):
    /// in double quotes, unescaped, when every ASCII byte is a letter, a digit or one of
    /// `` {|}~:;<=>?@!#$%&()*+,-./[]^_` `` (and space) and every multi-byte sequence is complete; otherwise as
    /// `B64"<base64 of the key>"` — which is not valid JSON, but is what `realm2json` writes.
    public static func appendEngineDictionaryKey(_ key: String, to output: OutputBuffer) {
        var key = key
        key.withUTF8 { bytes in
            if keyNeedsBase64(bytes) {
                output.append("B64\"")
                Base64Format.append(UnsafeRawBufferPointer(bytes), to: output)
            } else {
                output.append(0x22)
                output.append(UnsafeRawBufferPointer(bytes))
            }
            output.append(0x22)
        }
    }

    private static let keyWhitelist: Set<UInt8> = Set(" {|}~:;<=>?@!#$%&()*+,-./[]^_`".utf8)

    private static func keyNeedsBase64(_ bytes: UnsafeBufferPointer<UInt8>) -> Bool {
        var index = 0
        let count = bytes.count
        while index < count {
            let byte = bytes[index]
            let length = sequenceLength(byte)
            if length == 1 {
                let isAlphanumeric =
                    (byte >= 0x30 && byte <= 0x39) || (byte >= 0x41 && byte <= 0x5A) || (byte >= 0x61 && byte <= 0x7A)
                if !isAlphanumeric && !keyWhitelist.contains(byte) { return true }
            } else {
                for _ in 1..<length {
                    index &+= 1
                    if index == count || bytes[index] & 0x80 == 0 { return true }
                }
            }
            index &+= 1
        }
        return false
    }

    /// The engine's UTF-8 sequence length table for a lead byte.
    private static func sequenceLength(_ lead: UInt8) -> Int {
        switch lead {
        case 0xC0...0xDF: 2
        case 0xE0...0xEF: 3
        case 0xF0...0xF7: 4
        case 0xF8...0xFB: 5
        case 0xFC...0xFD: 6
        default: 1
        }
    }
}
