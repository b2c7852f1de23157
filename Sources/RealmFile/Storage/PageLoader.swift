/// The hook through which a reader makes parts of a file readable before it touches them.
///
/// A plain file is mapped or read whole, so it needs no loader. An encrypted file is decrypted page by page into
/// memory that has the same logical layout as the plain file; its loader decrypts the pages covering a byte range
/// the first time that range is needed, and again after the pages were released (see `ByteStorage`). The reader
/// calls `ensureLoaded` for every node header and node payload before reading them, always with a range that lies
/// inside the logical file (`0 ..< size`).
///
/// Loaders are objects that `FileBytes` does not retain: the `ByteStorage` that hands out the `FileBytes` must keep
/// its loader alive, as it keeps the memory alive. Implementations must be safe to call from several threads at
/// once, and must throw (never trap) when a page cannot be produced, for example because its authentication code
/// does not match.
protocol PageLoader: AnyObject, Sendable {
    /// Makes the bytes `offset ..< offset + count` of the logical file readable through the base pointer.
    func ensureLoaded(offset: Int, count: Int) throws(RealmFileError)
}

/// The placeholder `FileBytes` holds when its bytes need no loading; never called.
final class NoPageLoader: PageLoader {
    static let shared = NoPageLoader()
    func ensureLoaded(offset: Int, count: Int) throws(RealmFileError) {}
}
