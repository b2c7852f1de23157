// The only file that talks to a platform crypto library: CommonCrypto on Apple platforms, OpenSSL's libcrypto
// elsewhere. Everything else in RealmFile sees `PageCipher`.
#if canImport(CommonCrypto)
    import CommonCrypto
#elseif canImport(COpenSSLCrypto)
    import COpenSSLCrypto
    import Foundation  // strdup, free
#endif

/// AES-256-CBC decryption (no padding) and HMAC-SHA224 of 4096-byte pages, from the platform's crypto library.
///
/// Not thread-safe: one instance serves one caller at a time (the page loader uses it under its lock).
final class PageCipher {
    /// Bytes of an HMAC-SHA224 value.
    static let macSize = 28
    /// Bytes of an AES block and of the CBC initialisation vector.
    static let ivSize = 16

    #if canImport(CommonCrypto)
        private let hmacKey: [UInt8]
        private let cryptor: CCCryptorRef
    #elseif canImport(COpenSSLCrypto)
        /// `EVP_CIPHER_CTX` set up for AES-256-CBC decryption with the key; each page only sets its IV.
        private let context: OpaquePointer
        /// `EVP_MAC_CTX` for HMAC-SHA224 keyed once; each page re-initialises it with the same key.
        private let macContext: OpaquePointer
    #endif

    /// Prepares AES-256 decryption with `aesKey` (32 bytes) and HMAC-SHA224 with `hmacKey` (32 bytes).
    init(aesKey: [UInt8], hmacKey: [UInt8]) throws(RealmEncryptionError) {
        #if canImport(CommonCrypto)
            self.hmacKey = hmacKey
            let zeroIV = [UInt8](repeating: 0, count: Self.ivSize)
            var created: CCCryptorRef?
            let status = CCCryptorCreate(
                CCOperation(kCCDecrypt), CCAlgorithm(kCCAlgorithmAES), CCOptions(0), aesKey, aesKey.count, zeroIV,
                &created)
            guard status == CCCryptorStatus(kCCSuccess), let created else {
                throw .cryptoLibraryFailure(operation: "CCCryptorCreate")
            }
            cryptor = created
        #elseif canImport(COpenSSLCrypto)
            let zeroIV = [UInt8](repeating: 0, count: Self.ivSize)
            guard let created = EVP_CIPHER_CTX_new() else {
                throw .cryptoLibraryFailure(operation: "EVP_CIPHER_CTX_new")
            }
            guard EVP_DecryptInit_ex(created, EVP_aes_256_cbc(), nil, aesKey, zeroIV) == 1,
                EVP_CIPHER_CTX_set_padding(created, 0) == 1
            else {
                EVP_CIPHER_CTX_free(created)
                throw .cryptoLibraryFailure(operation: "EVP_DecryptInit_ex")
            }
            guard let macContext = Self.makeMACContext(key: hmacKey) else {
                EVP_CIPHER_CTX_free(created)
                throw .cryptoLibraryFailure(operation: "EVP_MAC_init (HMAC-SHA224)")
            }
            context = created
            self.macContext = macContext
        #else
            throw .cryptoLibraryFailure(operation: "init (no CommonCrypto or OpenSSL libcrypto on this platform)")
        #endif
    }

    deinit {
        #if canImport(CommonCrypto)
            CCCryptorRelease(cryptor)
        #elseif canImport(COpenSSLCrypto)
            EVP_CIPHER_CTX_free(context)
            EVP_MAC_CTX_free(macContext)
        #endif
    }

    #if canImport(COpenSSLCrypto) && !canImport(CommonCrypto)
        /// An HMAC-SHA224 `EVP_MAC_CTX` keyed with `key`, or nil if libcrypto refuses.
        private static func makeMACContext(key: [UInt8]) -> OpaquePointer? {
            guard let algorithm = EVP_MAC_fetch(nil, "HMAC", nil) else { return nil }
            // The context holds its own reference to the algorithm.
            defer { EVP_MAC_free(algorithm) }
            guard let context = EVP_MAC_CTX_new(algorithm) else { return nil }
            // OSSL_PARAM keeps pointers to its name and value, so both must outlive EVP_MAC_init.
            guard let name = strdup("digest"), let digest = strdup("SHA224") else {
                EVP_MAC_CTX_free(context)
                return nil
            }
            defer {
                free(name)
                free(digest)
            }
            var parameters = [OSSL_PARAM_construct_utf8_string(name, digest, 0), OSSL_PARAM_construct_end()]
            guard EVP_MAC_init(context, key, key.count, &parameters) == 1 else {
                EVP_MAC_CTX_free(context)
                return nil
            }
            return context
        }
    #endif

    /// The HMAC-SHA224 of `data` under the HMAC key.
    func mac(of data: UnsafeRawBufferPointer) throws(RealmEncryptionError) -> [UInt8] {
        var mac = [UInt8](repeating: 0, count: Self.macSize)
        #if canImport(CommonCrypto)
            CCHmac(CCHmacAlgorithm(kCCHmacAlgSHA224), hmacKey, hmacKey.count, data.baseAddress, data.count, &mac)
        #elseif canImport(COpenSSLCrypto)
            var length = 0
            guard let bytes = data.baseAddress,
                EVP_MAC_init(macContext, nil, 0, nil) == 1,  // same key, fresh state
                EVP_MAC_update(macContext, bytes.assumingMemoryBound(to: UInt8.self), data.count) == 1,
                EVP_MAC_final(macContext, &mac, &length, mac.count) == 1, length == Self.macSize
            else { throw .cryptoLibraryFailure(operation: "EVP_MAC (HMAC-SHA224)") }
        #endif
        return mac
    }

    /// Decrypts `input` (a whole number of 16-byte blocks) with AES-256-CBC and `iv` into `output` (same size).
    func decrypt(
        _ input: UnsafeRawBufferPointer, iv: [UInt8], into output: UnsafeMutableRawBufferPointer
    ) throws(RealmEncryptionError) {
        guard let source = input.baseAddress, let destination = output.baseAddress, output.count >= input.count,
            iv.count == Self.ivSize
        else { throw .cryptoLibraryFailure(operation: "decrypt (bad buffers)") }
        #if canImport(CommonCrypto)
            var moved = 0
            guard CCCryptorReset(cryptor, iv) == CCCryptorStatus(kCCSuccess),
                CCCryptorUpdate(cryptor, source, input.count, destination, output.count, &moved)
                    == CCCryptorStatus(kCCSuccess),
                moved == input.count
            else { throw .cryptoLibraryFailure(operation: "CCCryptorUpdate") }
        #elseif canImport(COpenSSLCrypto)
            var written: Int32 = 0
            guard EVP_DecryptInit_ex(context, nil, nil, nil, iv) == 1, EVP_CIPHER_CTX_set_padding(context, 0) == 1,
                EVP_DecryptUpdate(
                    context, destination.assumingMemoryBound(to: UInt8.self), &written,
                    source.assumingMemoryBound(to: UInt8.self), Int32(input.count)) == 1,
                Int(written) == input.count
            else { throw .cryptoLibraryFailure(operation: "EVP_DecryptUpdate") }
        #endif
    }
}
