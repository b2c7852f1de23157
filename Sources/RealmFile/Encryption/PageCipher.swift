// The only file that talks to a platform crypto library: CommonCrypto on Apple platforms, OpenSSL's libcrypto
// elsewhere. Everything else in RealmFile sees `PageCipher`.
#if canImport(CommonCrypto)
    import CommonCrypto
#elseif canImport(COpenSSLCrypto)
    import COpenSSLCrypto
#endif

/// AES-256-CBC decryption (no padding) and HMAC-SHA224 of 4096-byte pages, from the platform's crypto library.
///
/// Not thread-safe: one instance serves one caller at a time (the page loader uses it under its lock).
final class PageCipher {
    /// Bytes of an HMAC-SHA224 value.
    static let macSize = 28
    /// Bytes of an AES block and of the CBC initialisation vector.
    static let ivSize = 16

    private let hmacKey: [UInt8]
    #if canImport(CommonCrypto)
        private let cryptor: CCCryptorRef
    #elseif canImport(COpenSSLCrypto)
        private let context: OpaquePointer
    #endif

    /// Prepares AES-256 decryption with `aesKey` (32 bytes) and HMAC-SHA224 with `hmacKey` (32 bytes).
    init(aesKey: [UInt8], hmacKey: [UInt8]) throws(RealmEncryptionError) {
        self.hmacKey = hmacKey
        #if canImport(CommonCrypto)
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
            context = created
        #else
            throw .cryptoLibraryFailure(operation: "init (no CommonCrypto or OpenSSL libcrypto on this platform)")
        #endif
    }

    deinit {
        #if canImport(CommonCrypto)
            CCCryptorRelease(cryptor)
        #elseif canImport(COpenSSLCrypto)
            EVP_CIPHER_CTX_free(context)
        #endif
    }

    /// The HMAC-SHA224 of `data` under the HMAC key.
    func mac(of data: UnsafeRawBufferPointer) throws(RealmEncryptionError) -> [UInt8] {
        var mac = [UInt8](repeating: 0, count: Self.macSize)
        #if canImport(CommonCrypto)
            CCHmac(CCHmacAlgorithm(kCCHmacAlgSHA224), hmacKey, hmacKey.count, data.baseAddress, data.count, &mac)
        #elseif canImport(COpenSSLCrypto)
            var length: UInt32 = 0
            guard let bytes = data.baseAddress,
                HMAC(EVP_sha224(), hmacKey, Int32(hmacKey.count), bytes, data.count, &mac, &length) != nil,
                length == UInt32(Self.macSize)
            else { throw .cryptoLibraryFailure(operation: "HMAC") }
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
