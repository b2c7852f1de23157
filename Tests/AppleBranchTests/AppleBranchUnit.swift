import Testing

/// Library source files with Apple-only branches, type-checked together as one module on Linux against the
/// stand-ins in `StandIns/`: the first file holds the branches, the others are siblings it needs to type-check.
struct AppleBranchUnit: Sendable, CustomTestStringConvertible {
    /// The module the files belong to (`-module-name`).
    var module: String
    /// Paths relative to the package root; the first one holds the Apple branches.
    var files: [String]

    var testDescription: String { files[0] }

    /// RealmFile's page cipher (CommonCrypto); it throws `RealmEncryptionError`, a self-contained file.
    static let pageCipher = AppleBranchUnit(
        module: "RealmFile",
        files: [
            "Sources/RealmFile/Encryption/PageCipher.swift", "Sources/RealmFile/Encryption/RealmEncryptionError.swift",
        ]
    )
    /// Checksums' streaming SHA-256 (CommonCrypto); the file is self-contained on Apple platforms.
    static let platformSHA256 = AppleBranchUnit(module: "Checksums", files: ["Sources/Checksums/PlatformSHA256.swift"])
    /// RealmFile's file mapping (Darwin); self-contained. It is a unit of its own because, with several files
    /// failing at once, the compiler may stop before reporting the later ones.
    static let platform = AppleBranchUnit(module: "RealmFile", files: ["Sources/RealmFile/Storage/Platform.swift"])

    /// Every file with an Apple-only branch.
    static let all = [pageCipher, platformSHA256, platform]
}

/// A one-line change to an Apple branch that calls an API with a wrong signature, which the check must reject.
struct SignatureMutation: Sendable, CustomTestStringConvertible {
    var unit: AppleBranchUnit
    /// Text that occurs exactly once in the unit's first file.
    var original: String
    /// What replaces it.
    var mutated: String
    /// Why the mutated call is wrong on Apple platforms.
    var testDescription: String

    static let all = [
        SignatureMutation(
            unit: .pageCipher, original: "hmacKey, hmacKey.count, data.baseAddress",
            mutated: "hmacKey, CC_LONG(hmacKey.count), data.baseAddress",
            testDescription: "CCHmac's keyLength is size_t (Int), not CC_LONG"),
        SignatureMutation(
            unit: .pageCipher, original: "CCOptions(0), aesKey, aesKey.count", mutated: "aesKey, aesKey.count",
            testDescription: "CCCryptorCreate takes seven arguments, options included"),
        SignatureMutation(
            unit: .platformSHA256, original: "CC_SHA256_Update(&context, base + offset, CC_LONG(length))",
            mutated: "CC_SHA256_Update(&context, base + offset, length)",
            testDescription: "CC_SHA256_Update's length is CC_LONG (UInt32), not Int"),
        SignatureMutation(
            unit: .platform, original: "(status.st_mode & S_IFMT) == S_IFREG",
            mutated: "(UInt32(status.st_mode) & S_IFMT) == S_IFREG",
            testDescription: "Darwin's mode_t is UInt16 (this compiles against Glibc, where it is UInt32)"),
    ]
}
