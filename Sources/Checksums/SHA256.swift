/// SHA-256 (FIPS 180-4), streaming, in pure Swift. Hashing allocates nothing, which makes it the one to use for
/// many small inputs (the per-column digests of `RealmDigest`); for whole files ``PlatformSHA256`` is faster.
public struct SHA256: Sendable {
    private static let roundConstants: [UInt32] = [
        0x428a_2f98, 0x7137_4491, 0xb5c0_fbcf, 0xe9b5_dba5, 0x3956_c25b, 0x59f1_11f1, 0x923f_82a4, 0xab1c_5ed5,
        0xd807_aa98, 0x1283_5b01, 0x2431_85be, 0x550c_7dc3, 0x72be_5d74, 0x80de_b1fe, 0x9bdc_06a7, 0xc19b_f174,
        0xe49b_69c1, 0xefbe_4786, 0x0fc1_9dc6, 0x240c_a1cc, 0x2de9_2c6f, 0x4a74_84aa, 0x5cb0_a9dc, 0x76f9_88da,
        0x983e_5152, 0xa831_c66d, 0xb003_27c8, 0xbf59_7fc7, 0xc6e0_0bf3, 0xd5a7_9147, 0x06ca_6351, 0x1429_2967,
        0x27b7_0a85, 0x2e1b_2138, 0x4d2c_6dfc, 0x5338_0d13, 0x650a_7354, 0x766a_0abb, 0x81c2_c92e, 0x9272_2c85,
        0xa2bf_e8a1, 0xa81a_664b, 0xc24b_8b70, 0xc76c_51a3, 0xd192_e819, 0xd699_0624, 0xf40e_3585, 0x106a_a070,
        0x19a4_c116, 0x1e37_6c08, 0x2748_774c, 0x34b0_bcb5, 0x391c_0cb3, 0x4ed8_aa4a, 0x5b9c_ca4f, 0x682e_6ff3,
        0x748f_82ee, 0x78a5_636f, 0x84c8_7814, 0x8cc7_0208, 0x90be_fffa, 0xa450_6ceb, 0xbef9_a3f7, 0xc671_78f2,
    ]

    private var state: (UInt32, UInt32, UInt32, UInt32, UInt32, UInt32, UInt32, UInt32) = (
        0x6a09_e667, 0xbb67_ae85, 0x3c6e_f372, 0xa54f_f53a, 0x510e_527f, 0x9b05_688c, 0x1f83_d9ab, 0x5be0_cd19
    )
    /// Input bytes not yet hashed (fewer than 64), kept inline so that hashing allocates nothing.
    private var pending: (UInt64, UInt64, UInt64, UInt64, UInt64, UInt64, UInt64, UInt64) = (0, 0, 0, 0, 0, 0, 0, 0)
    private var pendingCount = 0
    private var totalLength: UInt64 = 0

    /// Creates a hasher with no input yet.
    public init() {}

    /// Adds `bytes` to the input.
    public mutating func update<Bytes: Sequence>(_ bytes: Bytes) where Bytes.Element == UInt8 {
        for byte in bytes { append(byte) }
    }

    /// Adds the UTF-8 bytes of `text` to the input.
    public mutating func update(_ text: String) {
        var text = text
        text.withUTF8 { update(buffer: UnsafeRawBufferPointer($0)) }
    }

    /// Adds the bytes of `buffer` to the input, hashing whole blocks straight from the buffer.
    public mutating func update(buffer: UnsafeRawBufferPointer) {
        var index = 0
        while index < buffer.count, pendingCount != 0 {
            append(buffer[index])
            index += 1
        }
        while buffer.count - index >= 64 {
            compress(UnsafeRawBufferPointer(rebasing: buffer[index..<(index + 64)]))
            totalLength &+= 64
            index += 64
        }
        while index < buffer.count {
            append(buffer[index])
            index += 1
        }
    }

    /// Finishes hashing and returns the 32-byte digest.
    public mutating func finalize() -> [UInt8] {
        let bitLength = (totalLength &+ UInt64(pendingCount)) &* 8
        append(0x80)
        while pendingCount != 56 { append(0) }
        for shift in stride(from: 56, through: 0, by: -8) {
            append(UInt8(truncatingIfNeeded: bitLength >> UInt64(shift)))
        }
        return withUnsafeBytes(of: state) { words in
            (0..<32).map { index in
                // The state words are in native order; the digest is each word big-endian.
                let word = words.load(fromByteOffset: (index / 4) * 4, as: UInt32.self)
                return UInt8(truncatingIfNeeded: word >> (24 - 8 * UInt32(index % 4)))
            }
        }
    }

    /// Finishes hashing and returns the digest as 64 lower-case hex digits.
    public mutating func finalizeHex() -> String { Self.hex(finalize()) }

    private mutating func append(_ byte: UInt8) {
        withUnsafeMutableBytes(of: &pending) { $0[pendingCount] = byte }
        pendingCount += 1
        if pendingCount == 64 {
            let block = pending
            withUnsafeBytes(of: block) { compress($0) }
            totalLength &+= 64
            pendingCount = 0
        }
    }

    /// The digest of `bytes`.
    public static func hash<Bytes: Sequence>(_ bytes: Bytes) -> [UInt8] where Bytes.Element == UInt8 {
        var hasher = SHA256()
        hasher.update(bytes)
        return hasher.finalize()
    }

    /// The digest of `bytes`, hashed straight from the array's storage.
    public static func hash(_ bytes: [UInt8]) -> [UInt8] {
        var hasher = SHA256()
        bytes.withUnsafeBytes { hasher.update(buffer: $0) }
        return hasher.finalize()
    }

    /// Lower-case hexadecimal text of `digest`.
    public static func hex(_ digest: [UInt8]) -> String {
        let digits = Array("0123456789abcdef".utf8)
        var text: [UInt8] = []
        text.reserveCapacity(digest.count * 2)
        for byte in digest {
            text.append(digits[Int(byte >> 4)])
            text.append(digits[Int(byte & 0xF)])
        }
        return String(decoding: text, as: UTF8.self)
    }

    private mutating func compress(_ block: UnsafeRawBufferPointer) {
        var current = state
        withUnsafeTemporaryAllocation(of: UInt32.self, capacity: 64) { w in
            for index in 0..<16 {
                let base = index * 4
                w[index] =
                    UInt32(block[base]) << 24 | UInt32(block[base + 1]) << 16 | UInt32(block[base + 2]) << 8
                    | UInt32(block[base + 3])
            }
            for index in 16..<64 {
                let s0 = w[index - 15].rotatedRight(7) ^ w[index - 15].rotatedRight(18) ^ (w[index - 15] >> 3)
                let s1 = w[index - 2].rotatedRight(17) ^ w[index - 2].rotatedRight(19) ^ (w[index - 2] >> 10)
                w[index] = w[index - 16] &+ s0 &+ w[index - 7] &+ s1
            }
            Self.roundConstants.withUnsafeBufferPointer { k in
                var (a, b, c, d, e, f, g, h) = current
                for index in 0..<64 {
                    let s1 = e.rotatedRight(6) ^ e.rotatedRight(11) ^ e.rotatedRight(25)
                    let choice = (e & f) ^ (~e & g)
                    let temp1 = h &+ s1 &+ choice &+ k[index] &+ w[index]
                    let s0 = a.rotatedRight(2) ^ a.rotatedRight(13) ^ a.rotatedRight(22)
                    let majority = (a & b) ^ (a & c) ^ (b & c)
                    h = g
                    g = f
                    f = e
                    e = d &+ temp1
                    d = c
                    c = b
                    b = a
                    a = temp1 &+ s0 &+ majority
                }
                current = (
                    current.0 &+ a, current.1 &+ b, current.2 &+ c, current.3 &+ d, current.4 &+ e, current.5 &+ f,
                    current.6 &+ g, current.7 &+ h
                )
            }
        }
        state = current
    }
}

extension UInt32 {
    fileprivate func rotatedRight(_ count: UInt32) -> UInt32 { (self >> count) | (self << (32 - count)) }
}
