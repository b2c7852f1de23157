/// Why an encrypted Realm file (or a key for one) could not be used.
///
/// Offsets name bytes of the file on disk ("file offset") or of the decrypted logical Realm file ("logical
/// offset"); an encrypted file holds one 4096-byte IV-table page before every 64 data pages.
///
/// Kept apart from ``RealmFileError`` because it belongs to the decryption layer below the format reader, which
/// wraps it as ``RealmFileError/Kind/encryption(_:)`` rather than duplicating its cases.
public enum RealmEncryptionError: Error, Hashable, Sendable, CustomStringConvertible {
    /// What is wrong with an IV-table entry (64 bytes: `iv1`, `hmac1`, `iv2`, `hmac2`).
    public enum IVTableProblem: Hashable, Sendable {
        /// `iv1` is 0 ("page never written") but the other fields are not all zero.
        case zeroIVWithOtherFields
        /// The engine always writes `iv1 = iv2 + 1` (skipping 0); this entry holds other counters.
        case countersOutOfStep(iv1: UInt32, iv2: UInt32)
        /// `iv2` is 0 (no earlier write) but `hmac2` is not all zero.
        case backupMACWithoutIV
        /// The entry of data page 0 says the page was never written, so the file has no header.
        case headerPageNeverWritten
    }

    /// The key is not 64 bytes long (the engine's keys are 64 bytes: AES-256 key, then HMAC-SHA224 key).
    case invalidKeyLength(Int)
    /// The key does not belong to this file: no page's HMAC verifies with it, or the pages verify but the
    /// decrypted header is not a Realm header (the AES half of the key differs).
    case wrongEncryptionKey
    /// A key was given but the file is a plain (unencrypted) Realm file: it has `T-DB` at offset 16.
    case fileIsNotEncrypted
    /// The file's size cannot be that of an encrypted Realm file: it must be a whole number of 4096-byte pages
    /// and at least 8192 bytes (one IV-table page and one data page).
    case truncatedFile(size: Int)
    /// The IV-table entry of data page `page`, at `entryFileOffset`, is not one the engine writes.
    case invalidIVTableEntry(page: Int, entryFileOffset: Int, problem: IVTableProblem)
    /// Data page `page` (at `pageFileOffset` on disk) matches neither HMAC of its IV-table entry (at
    /// `entryFileOffset`) although other pages verify with the same key: the page or its entry was altered.
    case pageAuthenticationFailed(page: Int, pageFileOffset: Int, entryFileOffset: Int)
    /// A read of `count` bytes at logical offset `offset` reaches past the decrypted file's `logicalSize`.
    case outOfBounds(offset: Int, count: Int, logicalSize: Int)
    /// Reading the file failed or returned fewer bytes than its size promised (`errno` 0: short read).
    case readFailed(fileOffset: Int, errno: Int32)
    /// The file could not be opened or measured.
    case cannotOpen(path: String, errno: Int32)
    /// The memory for the decrypted pages could not be reserved.
    case mappingFailed(bytes: Int, errno: Int32)
    /// The platform crypto library reported an error in `operation`.
    case cryptoLibraryFailure(operation: String)

    /// A lower-case explanation without a final period, so that it reads well inside `RealmFileError`'s text.
    public var description: String {
        switch self {
        case .invalidKeyLength(let count):
            "the encryption key is \(count) bytes long; Realm encryption keys are 64 bytes"
        case .wrongEncryptionKey:
            "wrong encryption key: the file's pages do not authenticate (HMAC-SHA224) or decrypt with it"
        case .fileIsNotEncrypted:
            "an encryption key was given, but the file is a plain Realm file (\"T-DB\" at offset 16)"
        case .truncatedFile(let size):
            size % 4096 == 0
                ? "truncated encrypted Realm file: \(size) bytes; an encrypted Realm file has at least 8192 bytes"
                : "truncated encrypted Realm file: \(size) bytes is not a whole number of 4096-byte pages; the last "
                    + "page, at file offset \(size - size % 4096), has only \(size % 4096) bytes"
        case .invalidIVTableEntry(let page, let offset, let problem):
            "damaged IV table: the entry of data page \(page) at file offset \(offset) \(problem.explanation)"
        case .pageAuthenticationFailed(let page, let pageOffset, let entryOffset):
            "damaged encrypted page: data page \(page) at file offset \(pageOffset) fails its HMAC check against "
                + "the IV-table entry at file offset \(entryOffset) (the page or that entry was altered)"
        case .outOfBounds(let offset, let count, let logicalSize):
            "a read of \(count) bytes at logical offset \(offset) is outside the decrypted file (\(logicalSize) bytes)"
        case .readFailed(let offset, let code):
            code == 0
                ? "short read at file offset \(offset): the file ended early"
                : "read failed at file offset \(offset) (errno \(code))"
        case .cannotOpen(let path, let code):
            "cannot open '\(path)' (errno \(code))"
        case .mappingFailed(let bytes, let code):
            "cannot reserve \(bytes) bytes of memory for the decrypted file (errno \(code))"
        case .cryptoLibraryFailure(let operation):
            "the platform crypto library failed in \(operation)"
        }
    }
}

extension RealmEncryptionError.IVTableProblem {
    fileprivate var explanation: String {
        switch self {
        case .zeroIVWithOtherFields:
            "has iv1 = 0 (never written) but non-zero HMAC or backup fields"
        case .countersOutOfStep(let iv1, let iv2):
            "has iv1 = \(iv1) and iv2 = \(iv2); the engine always writes iv1 = iv2 + 1"
        case .backupMACWithoutIV:
            "has iv2 = 0 but a non-zero backup HMAC"
        case .headerPageNeverWritten:
            "says page 0 (the Realm header) was never written"
        }
    }
}
