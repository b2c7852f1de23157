/// Where things are in an encrypted Realm file (realm-file-format.md §8): data pages of 4096 bytes, every group
/// of 64 preceded by one 4096-byte IV-table page holding 64 entries of 64 bytes.
///
/// ```
/// [IV page 0][data 0 ... data 63][IV page 1][data 64 ... data 127] ...
/// ```
struct EncryptedFileLayout: Equatable, Sendable {
    /// Bytes per data page and per IV-table page.
    static let pageSize = 4096
    /// Bytes per IV-table entry.
    static let entrySize = 64
    /// Data pages described by one IV-table page.
    static let pagesPerBlock = 64
    /// One IV-table page plus its data pages.
    static let pagesPerBlockWithTable = pagesPerBlock + 1
    /// The smallest encrypted file: one IV-table page and one data page.
    static let minimumFileSize = 2 * pageSize

    /// The size of the encrypted file on disk.
    let fileSize: Int
    /// The number of data pages in the file.
    let dataPageCount: Int

    /// The size of the decrypted (logical) Realm file.
    var logicalSize: Int { dataPageCount * Self.pageSize }

    /// Measures a file of `fileSize` bytes; throws `truncatedFile` unless it is whole pages and at least 8192 bytes.
    init(fileSize: Int) throws(RealmEncryptionError) {
        guard fileSize >= Self.minimumFileSize, fileSize % Self.pageSize == 0 else {
            throw .truncatedFile(size: fileSize)
        }
        let pages = fileSize / Self.pageSize
        let tablePages = (pages + Self.pagesPerBlockWithTable - 1) / Self.pagesPerBlockWithTable
        self.fileSize = fileSize
        dataPageCount = pages - tablePages
    }

    /// The IV-table block (0, 1, …) that describes data page `page`.
    func block(ofPage page: Int) -> Int { page / Self.pagesPerBlock }

    /// The file offset of IV-table page `block`.
    func tableFileOffset(ofBlock block: Int) -> Int { block * Self.pagesPerBlockWithTable * Self.pageSize }

    /// The file offset of the 64-byte IV-table entry of data page `page`.
    func entryFileOffset(ofPage page: Int) -> Int {
        tableFileOffset(ofBlock: block(ofPage: page)) + (page % Self.pagesPerBlock) * Self.entrySize
    }

    /// The file offset of data page `page` (its plaintext sits at logical offset `page * 4096`).
    func pageFileOffset(ofPage page: Int) -> Int { (page + page / Self.pagesPerBlock + 1) * Self.pageSize }
}

extension EncryptedFileLayout {
    /// "T-DB": the mnemonic at offset 16 of every plain (or decrypted) Realm file.
    static let plainMnemonic: [UInt8] = Array("T-DB".utf8)

    /// Whether a file of `fileSize` bytes starting with `prefix` (at least its first 64 bytes) has the shape of an
    /// encrypted Realm file: no "T-DB" at offset 16, whole 4096-byte pages, at least 8192 bytes, and a first
    /// IV-table entry that says page 0 was written, in the form the engine writes.
    static func looksEncrypted(fileSize: Int, prefix: [UInt8]) -> Bool {
        guard prefix.count >= entrySize, fileSize >= minimumFileSize, fileSize % pageSize == 0,
            Array(prefix[16..<20]) != plainMnemonic
        else { return false }
        let entry = IVTableEntry(tablePage: prefix, offset: 0)
        return !entry.isNeverWritten && entry.problem == nil
    }
}
