/// A 12-byte BSON ObjectId, kept in its stored (big-endian) byte order.
public struct StoredObjectId: Hashable, Sendable, CustomStringConvertible {
    /// Bytes 0–7, big-endian.
    public var leading: UInt64
    /// Bytes 8–11, big-endian.
    public var trailing: UInt32

    /// Creates an ObjectId from its first 8 and last 4 bytes, each read big-endian.
    public init(leading: UInt64, trailing: UInt32) {
        self.leading = leading
        self.trailing = trailing
    }

    /// Creates an ObjectId from exactly 12 bytes; `nil` for any other count.
    public init?<Bytes: Collection>(bytes: Bytes) where Bytes.Element == UInt8 {
        guard bytes.count == 12 else { return nil }
        var leading: UInt64 = 0
        var trailing: UInt32 = 0
        for (index, byte) in bytes.enumerated() {
            if index < 8 { leading = leading << 8 | UInt64(byte) } else { trailing = trailing << 8 | UInt32(byte) }
        }
        self.init(leading: leading, trailing: trailing)
    }

    /// The 12 bytes in order.
    public var bytes: [UInt8] {
        (0..<8).map { UInt8(truncatingIfNeeded: leading >> (56 - 8 * UInt64($0))) }
            + (0..<4).map { UInt8(truncatingIfNeeded: trailing >> (24 - 8 * UInt32($0))) }
    }

    /// 24 lower-case hexadecimal digits, as Realm and MongoDB print an ObjectId.
    public var description: String {
        let digits = Array("0123456789abcdef".utf8)
        var text = [UInt8]()
        text.reserveCapacity(24)
        for byte in bytes {
            text.append(digits[Int(byte >> 4)])
            text.append(digits[Int(byte & 0xF)])
        }
        return String(decoding: text, as: UTF8.self)
    }
}
