// The only file that talks to a platform crypto library: CommonCrypto on Apple platforms, OpenSSL's libcrypto
// elsewhere (the same split as RealmFile's page cipher), with the pure-Swift ``SHA256`` where there is neither.
// Source files are hashed whole before every run; on a 99 MB file libcrypto took 0.11 s against 0.72 s for the
// pure implementation (release build, x86-64 with SHA extensions). Creating its context allocates, so the many
// small per-column digests use ``SHA256`` instead.
#if canImport(CommonCrypto)
    import CommonCrypto
#elseif canImport(COpenSSLCrypto)
    import COpenSSLCrypto
#endif

/// Why the platform's SHA-256 could not be used.
public struct PlatformDigestError: Error, Sendable, Hashable, CustomStringConvertible {
    /// The library call that failed.
    public var operation: String
    /// A sentence naming the failed call.
    public var description: String { "The platform's SHA-256 failed in \(operation)." }
}

/// Streaming SHA-256 from the platform's crypto library (the pure-Swift ``SHA256`` where there is none), for bulk
/// input such as whole files. One instance hashes one input.
public final class PlatformSHA256 {
    #if canImport(CommonCrypto)
        private var context = CC_SHA256_CTX()
    #elseif canImport(COpenSSLCrypto)
        private let context: OpaquePointer
    #else
        private var fallback = SHA256()
    #endif

    /// Creates a hasher with no input yet.
    /// - Throws: ``PlatformDigestError`` when the crypto library cannot set up a context.
    public init() throws {
        #if canImport(CommonCrypto)
            CC_SHA256_Init(&context)
        #elseif canImport(COpenSSLCrypto)
            guard let created = EVP_MD_CTX_new() else { throw PlatformDigestError(operation: "EVP_MD_CTX_new") }
            guard EVP_DigestInit_ex(created, EVP_sha256(), nil) == 1 else {
                EVP_MD_CTX_free(created)
                throw PlatformDigestError(operation: "EVP_DigestInit_ex")
            }
            context = created
        #endif
    }

    deinit {
        #if canImport(COpenSSLCrypto) && !canImport(CommonCrypto)
            EVP_MD_CTX_free(context)
        #endif
    }

    /// Adds `bytes` to the input.
    /// - Throws: ``PlatformDigestError`` when the crypto library reports a failure.
    public func update(_ bytes: UnsafeRawBufferPointer) throws {
        guard let base = bytes.baseAddress, !bytes.isEmpty else { return }
        #if canImport(CommonCrypto)
            var offset = 0
            while offset < bytes.count {
                // CC_SHA256_Update takes a 32-bit length.
                let length = min(bytes.count - offset, Int(Int32.max))
                CC_SHA256_Update(&context, base + offset, CC_LONG(length))
                offset += length
            }
        #elseif canImport(COpenSSLCrypto)
            guard EVP_DigestUpdate(context, base, bytes.count) == 1 else {
                throw PlatformDigestError(operation: "EVP_DigestUpdate")
            }
        #else
            fallback.update(buffer: UnsafeRawBufferPointer(start: base, count: bytes.count))
        #endif
    }

    /// Finishes hashing and returns the 32-byte digest; the hasher must not be updated afterwards.
    /// - Throws: ``PlatformDigestError`` when the crypto library reports a failure.
    public func finalize() throws -> [UInt8] {
        var digest = [UInt8](repeating: 0, count: 32)
        #if canImport(CommonCrypto)
            CC_SHA256_Final(&digest, &context)
        #elseif canImport(COpenSSLCrypto)
            var length: UInt32 = 0
            guard EVP_DigestFinal_ex(context, &digest, &length) == 1, length == 32 else {
                throw PlatformDigestError(operation: "EVP_DigestFinal_ex")
            }
        #else
            digest = fallback.finalize()
        #endif
        return digest
    }
}
