import Foundation

/// Owns the memory a `FileBytes` window points into and keeps it alive while the reader uses it.
protocol ByteStorage: AnyObject, Sendable {
    /// The window over the owned memory.
    var bytes: FileBytes { get }
    /// Lets the system reclaim memory that holds already-read file pages, if the storage can re-read them
    /// transparently (a read-only file mapping can; memory the reader owns cannot, and ignores this). Storage
    /// whose dropped bytes read as zeros until loaded again (decrypted pages) drops only while the caller is the
    /// one active reader; the caller must then ask its page loader again for every range it goes on reading.
    func dropResidentPages()
    /// Announces a reader that reads ranges after asking for them once (see `dropResidentPages()`).
    func beginReading()
    /// Ends what `beginReading()` began.
    func endReading()
}

extension ByteStorage {
    func dropResidentPages() {}
    func beginReading() {}
    func endReading() {}
}

/// A file mapped read-only into memory; unmapped when released.
final class MappedFileStorage: ByteStorage, @unchecked Sendable {
    // Sendable: the mapping is read-only and immutable until deinit.
    let bytes: FileBytes
    private let length: Int

    private init(pointer: UnsafeRawPointer, length: Int) {
        self.bytes = FileBytes(base: pointer, count: length)
        self.length = length
    }

    /// Maps the file at `url`, or returns `nil` when mapping is not possible here.
    static func map(_ url: URL) -> MappedFileStorage? {
        guard url.isFileURL, let mapping = Platform.mapFile(atPath: url.path) else { return nil }
        return MappedFileStorage(pointer: mapping.pointer, length: mapping.length)
    }

    func dropResidentPages() { Platform.dropResidentPages(bytes.base, length: length) }

    deinit { Platform.unmap(bytes.base, length: length) }
}

/// A file (or a buffer) copied into memory the reader owns; used where mapping is unavailable, for empty
/// files, and for in-memory buffers.
final class HeapStorage: ByteStorage, @unchecked Sendable {
    // Sendable: the buffer is written once in init and only read afterwards.
    let bytes: FileBytes
    private let pointer: UnsafeMutableRawPointer

    init(copying data: Data) {
        let pointer = UnsafeMutableRawPointer.allocate(byteCount: max(data.count, 1), alignment: 16)
        data.withUnsafeBytes { source in
            if let sourceBase = source.baseAddress {
                pointer.copyMemory(from: sourceBase, byteCount: source.count)
            }
        }
        self.pointer = pointer
        bytes = FileBytes(base: UnsafeRawPointer(pointer), count: data.count)
    }

    deinit { pointer.deallocate() }
}
