import Foundation

/// Parses realm2json output, which is JSON except that it prints non-finite numbers as bare `nan`, `-nan`, `inf`,
/// `-inf` and leaves control characters unescaped inside strings. Non-finite numbers become the strings
/// `"$nan"`, `"$inf"`, `"$-inf"`.
enum LenientJSON {
    static func parse(_ data: Data) throws -> Any {
        let bytes = [UInt8](data)
        var out: [UInt8] = []
        out.reserveCapacity(bytes.count)
        var inString = false
        var escaped = false
        var index = 0
        let tokens: [(text: [UInt8], replacement: String)] = [
            (Array("-nan".utf8), "\"$nan\""), (Array("nan".utf8), "\"$nan\""), (Array("-inf".utf8), "\"$-inf\""),
            (Array("inf".utf8), "\"$inf\""),
        ]
        outer: while index < bytes.count {
            let byte = bytes[index]
            if inString {
                if escaped {
                    escaped = false
                    out.append(byte)
                } else if byte == UInt8(ascii: "\\") {
                    escaped = true
                    out.append(byte)
                } else if byte == UInt8(ascii: "\"") {
                    inString = false
                    out.append(byte)
                } else if byte < 0x20 {
                    out.append(contentsOf: Array(String(format: "\\u%04x", byte).utf8))
                } else {
                    out.append(byte)
                }
                index += 1
                continue
            }
            if byte == UInt8(ascii: "\"") { inString = true }
            for token in tokens where bytes[index...].starts(with: token.text) {
                out.append(contentsOf: Array(token.replacement.utf8))
                index += token.text.count
                continue outer
            }
            out.append(byte)
            index += 1
        }
        return try JSONSerialization.jsonObject(with: Data(out), options: [.fragmentsAllowed])
    }
}
