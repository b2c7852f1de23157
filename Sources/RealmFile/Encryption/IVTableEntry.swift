/// One 64-byte IV-table entry: `iv1` (uint32 LE), `hmac1` (28 bytes), `iv2`, `hmac2`.
///
/// The engine writes a page by copying `iv1`/`hmac1` into `iv2`/`hmac2`, incrementing `iv1` (skipping 0), and
/// storing the new page's HMAC in `hmac1`; `iv2`/`hmac2` let a reader recover a page whose rewrite was
/// interrupted. An all-zero entry means the page was never written.
struct IVTableEntry: Equatable, Sendable {
    static let macSize = 28

    let iv1: UInt32
    let hmac1: [UInt8]
    let iv2: UInt32
    let hmac2: [UInt8]

    /// Reads the entry from the 64 bytes at `offset` of an IV-table page; the caller guarantees the bytes exist.
    init(tablePage: [UInt8], offset: Int) {
        iv1 = Self.uint32(tablePage, offset)
        hmac1 = Array(tablePage[(offset + 4)..<(offset + 32)])
        iv2 = Self.uint32(tablePage, offset + 32)
        hmac2 = Array(tablePage[(offset + 36)..<(offset + 64)])
    }

    /// Whether the page was never written (`iv1` is 0).
    var isNeverWritten: Bool { iv1 == 0 }

    /// What, if anything, makes this entry one the engine never writes.
    var problem: RealmEncryptionError.IVTableProblem? {
        let hmac1IsZero = hmac1.allSatisfy { $0 == 0 }
        let hmac2IsZero = hmac2.allSatisfy { $0 == 0 }
        if iv1 == 0 {
            return iv2 == 0 && hmac1IsZero && hmac2IsZero ? nil : .zeroIVWithOtherFields
        }
        let expected = iv2 == UInt32.max ? 1 : iv2 &+ 1
        if iv1 != expected { return .countersOutOfStep(iv1: iv1, iv2: iv2) }
        if iv2 == 0 && !hmac2IsZero { return .backupMACWithoutIV }
        return nil
    }

    private static func uint32(_ bytes: [UInt8], _ offset: Int) -> UInt32 {
        UInt32(bytes[offset]) | UInt32(bytes[offset + 1]) << 8 | UInt32(bytes[offset + 2]) << 16
            | UInt32(bytes[offset + 3]) << 24
    }
}
