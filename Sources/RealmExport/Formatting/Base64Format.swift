import Foundation

/// Standard base64 (RFC 4648 alphabet, `=` padding), as the engine and Extended JSON write binary data.
public enum Base64Format {
    private static let alphabet: [UInt8] = Array(
        "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/".utf8)

    /// Appends the base64 text of `bytes`.
    public static func append(_ bytes: UnsafeRawBufferPointer, to output: OutputBuffer) {
        alphabet.withUnsafeBufferPointer { table in
            var index = 0
            let count = bytes.count
            while index &+ 3 <= count {
                let triple = UInt32(bytes[index]) << 16 | UInt32(bytes[index &+ 1]) << 8 | UInt32(bytes[index &+ 2])
                let pointer = output.reserve(4)
                pointer[0] = table[Int(triple >> 18)]
                pointer[1] = table[Int((triple >> 12) & 0x3F)]
                pointer[2] = table[Int((triple >> 6) & 0x3F)]
                pointer[3] = table[Int(triple & 0x3F)]
                output.commit(4)
                index &+= 3
            }
            let left = count &- index
            guard left > 0 else { return }
            var triple = UInt32(bytes[index]) << 16
            if left == 2 { triple |= UInt32(bytes[index &+ 1]) << 8 }
            output.append(table[Int(triple >> 18)])
            output.append(table[Int((triple >> 12) & 0x3F)])
            output.append(left == 2 ? table[Int((triple >> 6) & 0x3F)] : 0x3D)
            output.append(0x3D)
        }
    }

    /// Appends the base64 text of `data`.
    public static func append(_ data: Data, to output: OutputBuffer) {
        data.withUnsafeBytes { append($0, to: output) }
    }
}
