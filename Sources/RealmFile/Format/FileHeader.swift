/// The 24-byte file header and, for files written by `writeCopy`/compaction, the 16-byte streaming footer
/// (realm-file-format.md §1.1): which top ref and which file format are current.
struct FileHeader: Sendable {
    /// The file format of the current slot (0 for a file that has never been written to).
    let fileFormat: Int
    /// The ref of the group's top array; `nil` for a file with no data yet.
    let topRef: Int?

    /// The formats this reader reads: 2–9 (realm-core 5 and older, the column-oriented layout), 10 and 11
    /// (realm-core 6, the first cluster-based layout) and 20–24 (realm-core 10 and newer). 21 was written only by
    /// pre-releases of core 11 and is the format-22 layout.
    static let supportedFormats: Set<Int> = [2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 20, 21, 22, 23, 24]

    /// The streaming footer's magic cookie.
    private static let footerCookie: UInt64 = 0x3034_1252_37E5_26C8

    /// Parses and validates the header of `bytes`, rejecting encrypted files and unsupported formats.
    init(_ bytes: FileBytes) throws(RealmFileError) {
        guard bytes.count >= 24 else {
            throw RealmFileError(
                .badHeader, offset: 0,
                context: "file header (file is \(bytes.count) bytes, a Realm file has at least 24)")
        }
        try bytes.prepare(0, 24, "file header")
        let mnemonic = try bytes.uint32(at: 16)
        guard mnemonic == 0x4244_2D54 else {  // "T-DB" read little-endian
            if bytes.count >= EncryptedFileLayout.minimumFileSize,
                EncryptedFileLayout.looksEncrypted(
                    fileSize: bytes.count,
                    prefix: try bytes.withBytes(at: 0, count: EncryptedFileLayout.entrySize) { Array($0) })
            {
                throw RealmFileError(.encrypted, offset: 16, context: "file header")
            }
            throw RealmFileError(.badHeader, offset: 16, context: "file header: no \"T-DB\" mnemonic, not a Realm file")
        }
        let flags = try bytes.uint8(at: 23)
        let select = Int(flags & 1)
        let slotRef = try bytes.uint64(at: select * 8)
        var format = Int(try bytes.uint8(at: 20 + select))
        var top = slotRef
        if select == 0, slotRef == UInt64.max {
            guard bytes.count >= 40 else {
                throw RealmFileError(.badHeader, offset: 0, context: "streaming footer (file too short for a footer)")
            }
            let footer = bytes.count - 16
            try bytes.prepare(footer, 16, "streaming footer")
            guard try bytes.uint64(at: footer + 8) == Self.footerCookie else {
                throw RealmFileError(.badHeader, offset: footer + 8, context: "streaming footer: wrong magic cookie")
            }
            top = try bytes.uint64(at: footer)
            format = Int(try bytes.uint8(at: 20))
        }
        if top == 0 {
            // A file created but never written: no tables yet, whatever its format byte says.
            fileFormat = format
            topRef = nil
            return
        }
        guard Self.supportedFormats.contains(format) else {
            throw RealmFileError(
                .unsupportedFileFormat(format, advice: Self.advice(for: format)), offset: 20 + select,
                context: "file header")
        }
        fileFormat = format
        topRef = try bytes.ref(top, "top ref", from: select * 8)
    }

    /// What a user can do about a file whose format this reader does not read.
    static func advice(for format: Int) -> String {
        switch format {
        case 1:
            return "format 1 was written only by realm-core's first releases (2014), before any Realm SDK 1.0, and "
                + "no later engine opens it; this reader reads formats 2–11 and 20–24"
        case 25...:
            return "this format is newer than any released Realm (the newest, Realm Swift 20.x, writes 24); "
                + "this reader reads formats 2–11 and 20–24"
        default:
            return "no released Realm writes this format; this reader reads formats 2–11 and 20–24"
        }
    }
}
