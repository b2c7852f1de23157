import Foundation

/// A Realm encryption key split the engine's way: bytes 0–31 are the AES-256 key, bytes 32–63 the
/// HMAC-SHA224 key.
struct RealmEncryptionKey: Sendable {
    /// The number of bytes of a Realm encryption key.
    static let byteCount = 64

    let aesKey: [UInt8]
    let hmacKey: [UInt8]

    /// Splits a 64-byte key; any other length throws `RealmEncryptionError.invalidKeyLength`.
    init(_ key: Data) throws(RealmEncryptionError) {
        guard key.count == Self.byteCount else { throw .invalidKeyLength(key.count) }
        let bytes = [UInt8](key)
        aesKey = Array(bytes[0..<32])
        hmacKey = Array(bytes[32..<64])
    }
}
