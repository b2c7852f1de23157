import Foundation

/// The reader's storage for an encrypted file: the decrypted logical file in the loader's memory, with the loader
/// as the `FileBytes` page hook, so that every node the reader touches is decrypted first. Decrypted pages are
/// released when the reader drops already-read pages and no other reader is active.
final class EncryptedFileStorage: ByteStorage, Sendable {
    let bytes: FileBytes
    private let loader: EncryptedPageLoader

    /// Opens the encrypted file at `url` with its 64-byte `key`.
    init(url: URL, key: Data) throws(RealmFileError) {
        do {
            loader = try EncryptedPageLoader(url: url, key: key)
        } catch {
            throw RealmFileError(encryption: error)
        }
        bytes = FileBytes(base: loader.baseAddress, count: loader.logicalSize, loader: loader)
    }

    /// Releases the decrypted pages if no other reader is active (see `EncryptedPageLoader.releaseLoadedPages()`).
    func dropResidentPages() { loader.releaseLoadedPages() }
    func beginReading() { loader.beginReading() }
    func endReading() { loader.endReading() }

    /// How many decrypted pages have been released so far (diagnostics and tests).
    var releasedPageCount: Int { loader.releasedPageCount }
    /// How many of the file's `totalPageCount` pages are decrypted right now (diagnostics and tests).
    var decryptedPageCount: Int { loader.loadedPageCount }
    /// The number of 4096-byte pages of the decrypted file.
    var totalPageCount: Int { loader.logicalSize / EncryptedFileLayout.pageSize }
}

extension EncryptedPageLoader: PageLoader {
    func ensureLoaded(offset: Int, count: Int) throws(RealmFileError) {
        do {
            try decrypt(offset: offset, count: count)
        } catch {
            throw RealmFileError(encryption: error)
        }
    }
}

extension RealmFileError {
    /// Wraps an encryption failure; `offset` is the logical offset of the page concerned, when there is one.
    init(encryption error: RealmEncryptionError) {
        switch error {
        case .pageAuthenticationFailed(let page, _, _), .invalidIVTableEntry(let page, _, _):
            self.init(
                .encryption(error), offset: page * EncryptedFileLayout.pageSize, context: "encrypted page \(page)")
        case .outOfBounds(let offset, _, _):
            self.init(.encryption(error), offset: offset, context: "decrypted file")
        default:
            self.init(.encryption(error), context: "encrypted file")
        }
    }
}
