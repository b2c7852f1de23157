import Foundation

/// Presents an encrypted Realm file as its decrypted (logical) Realm file, decrypting 4096-byte pages on demand.
///
/// The whole logical file is one contiguous buffer (`bytes`): private anonymous memory, so nothing decrypted is
/// ever written to disk. Before reading a range, call `decrypt(offset:count:)`: it reads, authenticates
/// (HMAC-SHA224) and decrypts (AES-256-CBC) every page of the range not yet loaded. Bytes outside loaded ranges
/// read as zero. Safe to use from several threads; pages load under a lock.
///
/// Loaded pages can be released again (`releaseLoadedPages()`): their memory goes back to the system and they
/// are decrypted anew when next asked for. A reader that asked for a range keeps reading it without asking
/// again, so releasing is only safe while no one else reads: readers announce themselves with
/// `beginReading()` / `endReading()`, and pages are released only while at most one reader (the caller) is
/// active.
///
/// Opening checks the key: page 0 must authenticate and decrypt to a Realm header, else the key is wrong
/// (`wrongEncryptionKey`) — unless other pages authenticate with the same key, in which case page 0 itself is
/// damaged (`pageAuthenticationFailed`).
package final class EncryptedPageLoader: @unchecked Sendable {
    /// The size of the decrypted Realm file in bytes (a multiple of 4096).
    package let logicalSize: Int

    private let layout: EncryptedFileLayout
    private let file: ReadOnlyFile
    private let cipher: PageCipher
    private let memory: AnonymousMemory
    private let lock = NSLock()
    // Guarded by `lock`, which also rules out overlapping access (so no run-time exclusivity checks):
    @exclusivity(unchecked) private var loaded: PageBitmap
    @exclusivity(unchecked) private var tablePages: [Int: [UInt8]] = [:]
    @exclusivity(unchecked) private var activeReaders = 0
    @exclusivity(unchecked) private var releasedPages = 0
    private let ciphertext: UnsafeMutableRawBufferPointer

    /// Opens the encrypted Realm file at `url` with its 64-byte `key` and decrypts its first page.
    package convenience init(url: URL, key: Data) throws(RealmEncryptionError) {
        let key = try RealmEncryptionKey(key)
        try self.init(file: ReadOnlyFile(url: url), key: key)
    }

    init(file: ReadOnlyFile, key: RealmEncryptionKey) throws(RealmEncryptionError) {
        if file.size >= 24, try file.read(count: 4, at: 16) == EncryptedFileLayout.plainMnemonic {
            throw .fileIsNotEncrypted
        }
        layout = try EncryptedFileLayout(fileSize: file.size)
        logicalSize = layout.logicalSize
        self.file = file
        cipher = try PageCipher(aesKey: key.aesKey, hmacKey: key.hmacKey)
        memory = try AnonymousMemory(count: layout.logicalSize)
        loaded = PageBitmap(pageCount: layout.dataPageCount)
        ciphertext = .allocate(
            byteCount: EncryptedFileLayout.pagesPerBlock * EncryptedFileLayout.pageSize, alignment: 16)
        try loadHeaderPage()
    }

    deinit { ciphertext.deallocate() }

    /// The start of the decrypted file's memory; valid while the loader lives.
    package var baseAddress: UnsafeRawPointer { UnsafeRawPointer(memory.base) }

    /// The decrypted file: `logicalSize` bytes. Only ranges passed to `decrypt(offset:count:)` hold the file's bytes.
    /// Valid while the loader lives.
    package var bytes: UnsafeRawBufferPointer { UnsafeRawBufferPointer(start: memory.base, count: logicalSize) }

    /// Makes sure the `count` bytes at logical offset `offset` are decrypted into `bytes`.
    package func decrypt(offset: Int, count: Int) throws(RealmEncryptionError) {
        let end = offset.addingReportingOverflow(count)
        guard offset >= 0, count >= 0, !end.overflow, end.partialValue <= logicalSize else {
            throw .outOfBounds(offset: offset, count: count, logicalSize: logicalSize)
        }
        guard count > 0 else { return }
        let first = offset / EncryptedFileLayout.pageSize
        let last = (end.partialValue - 1) / EncryptedFileLayout.pageSize
        lock.lock()
        defer { lock.unlock() }
        var page = first
        while page <= last {
            if loaded.contains(page) {
                page += 1
                continue
            }
            // A run of missing pages of one IV-table block lies contiguously in the file: read it in one go.
            var runEnd = page + 1
            while runEnd <= last, !loaded.contains(runEnd), layout.block(ofPage: runEnd) == layout.block(ofPage: page) {
                runEnd += 1
            }
            try loadPages(page..<runEnd)
            page = runEnd
        }
    }

    /// The number of pages decrypted (or known to be never written) and not released since.
    package var loadedPageCount: Int {
        lock.lock()
        defer { lock.unlock() }
        return loaded.count
    }

    /// The number of page releases so far: a page released twice counts twice (diagnostics and tests).
    package var releasedPageCount: Int {
        lock.lock()
        defer { lock.unlock() }
        return releasedPages
    }

    /// Announces a reader that will read ranges it asked for; while more than one is active, nothing is released.
    package func beginReading() {
        lock.lock()
        defer { lock.unlock() }
        activeReaders += 1
    }

    /// Ends what `beginReading()` began.
    package func endReading() {
        lock.lock()
        defer { lock.unlock() }
        activeReaders -= 1
    }

    /// Gives the memory of every loaded page back to the system and marks the pages not loaded, if at most one
    /// reader is active (the caller, which must not read a released range without asking for it again).
    /// Does nothing while other readers are active; a page the system does not take back stays loaded.
    package func releaseLoadedPages() {
        lock.lock()
        defer { lock.unlock() }
        guard activeReaders <= 1 else { return }
        let pageSize = EncryptedFileLayout.pageSize
        for run in loaded.markedRuns {
            let start = memory.base + run.lowerBound * pageSize
            guard Platform.releaseAnonymousPages(start, length: run.count * pageSize) else { continue }
            for page in run { loaded.remove(page) }
            releasedPages += run.count
        }
    }

    // MARK: - Loading (called with `lock` held, or from init)

    private func loadHeaderPage() throws(RealmEncryptionError) {
        let entry = try validEntry(ofPage: 0)
        guard !entry.isNeverWritten else {
            throw .invalidIVTableEntry(page: 0, entryFileOffset: 0, problem: .headerPageNeverWritten)
        }
        do {
            try loadPages(0..<1)
        } catch .pageAuthenticationFailed(let page, let pageOffset, let entryOffset) {
            guard try anotherPageAuthenticates() else { throw .wrongEncryptionKey }
            throw .pageAuthenticationFailed(page: page, pageFileOffset: pageOffset, entryFileOffset: entryOffset)
        }
        // The HMAC key half verified; a wrong AES half still decrypts, but to noise instead of a header.
        let mnemonic = UnsafeRawBufferPointer(start: memory.base + 16, count: 4)
        guard mnemonic.elementsEqual(EncryptedFileLayout.plainMnemonic) else { throw .wrongEncryptionKey }
    }

    /// Whether any written page of the first IV-table block other than page 0 authenticates with the key.
    private func anotherPageAuthenticates() throws(RealmEncryptionError) -> Bool {
        let pageSize = EncryptedFileLayout.pageSize
        for page in 1..<min(layout.dataPageCount, EncryptedFileLayout.pagesPerBlock) {
            let entry = try self.entry(ofPage: page)
            guard entry.problem == nil, !entry.isNeverWritten else { continue }
            let buffer = UnsafeMutableRawBufferPointer(rebasing: ciphertext[0..<pageSize])
            try file.read(into: buffer, at: layout.pageFileOffset(ofPage: page))
            let mac = try cipher.mac(of: UnsafeRawBufferPointer(buffer))
            if mac == entry.hmac1 || (entry.iv2 != 0 && mac == entry.hmac2) { return true }
        }
        return false
    }

    /// Reads, authenticates and decrypts `pages` (all in one IV-table block) into memory and marks them loaded.
    private func loadPages(_ pages: Range<Int>) throws(RealmEncryptionError) {
        let pageSize = EncryptedFileLayout.pageSize
        let entries = try pages.map { (page) throws(RealmEncryptionError) in try validEntry(ofPage: page) }
        let run = UnsafeMutableRawBufferPointer(rebasing: ciphertext[0..<(pages.count * pageSize)])
        try file.read(into: run, at: layout.pageFileOffset(ofPage: pages.lowerBound))
        for (index, page) in pages.enumerated() {
            let entry = entries[index]
            let source = UnsafeRawBufferPointer(rebasing: run[(index * pageSize)..<((index + 1) * pageSize)])
            if !entry.isNeverWritten, let iv = try initialisationVector(of: source, entry: entry, page: page) {
                let target = UnsafeMutableRawBufferPointer(start: memory.base + page * pageSize, count: pageSize)
                try cipher.decrypt(source, iv: iv, into: target)
            }
            // Never-written and stale pages stay zero, as in the engine.
            loaded.insert(page)
        }
    }

    /// The AES IV for a written page: `iv1` if `hmac1` verifies, `iv2` if the backup verifies (an interrupted
    /// rewrite), nil for an all-zero page whose MACs are stale (the file shrank and grew again); else throws.
    private func initialisationVector(
        of ciphertext: UnsafeRawBufferPointer, entry: IVTableEntry, page: Int
    ) throws(RealmEncryptionError) -> [UInt8]? {
        let mac = try cipher.mac(of: ciphertext)
        let counter: UInt32
        if mac == entry.hmac1 {
            counter = entry.iv1
        } else if entry.iv2 != 0, mac == entry.hmac2 {
            counter = entry.iv2
        } else if ciphertext.allSatisfy({ $0 == 0 }) {
            return nil
        } else {
            throw .pageAuthenticationFailed(
                page: page, pageFileOffset: layout.pageFileOffset(ofPage: page),
                entryFileOffset: layout.entryFileOffset(ofPage: page))
        }
        // 16 bytes: the counter (uint32 LE), the page's logical offset (uint64 LE), four zero bytes.
        var iv = [UInt8](repeating: 0, count: PageCipher.ivSize)
        for byte in 0..<4 { iv[byte] = UInt8(truncatingIfNeeded: counter >> (8 * UInt32(byte))) }
        let position = UInt64(page) * UInt64(EncryptedFileLayout.pageSize)
        for byte in 0..<8 { iv[4 + byte] = UInt8(truncatingIfNeeded: position >> (8 * UInt64(byte))) }
        return iv
    }

    /// The IV-table entry of `page`, rejected if it is not one the engine writes.
    private func validEntry(ofPage page: Int) throws(RealmEncryptionError) -> IVTableEntry {
        let entry = try entry(ofPage: page)
        if let problem = entry.problem {
            throw .invalidIVTableEntry(
                page: page, entryFileOffset: layout.entryFileOffset(ofPage: page), problem: problem)
        }
        return entry
    }

    private func entry(ofPage page: Int) throws(RealmEncryptionError) -> IVTableEntry {
        let block = layout.block(ofPage: page)
        let table: [UInt8]
        if let cached = tablePages[block] {
            table = cached
        } else {
            table = try file.read(count: EncryptedFileLayout.pageSize, at: layout.tableFileOffset(ofBlock: block))
            tablePages[block] = table
        }
        return IVTableEntry(
            tablePage: table, offset: (page % EncryptedFileLayout.pagesPerBlock) * EncryptedFileLayout.entrySize)
    }
}
