import Foundation

/// A file opened read-only, read with positioned reads (`pread`), closed on deinit.
final class ReadOnlyFile: Sendable {
    let path: String
    /// The size when opened.
    let size: Int
    private let descriptor: Int32

    /// Opens `url` read-only and measures it.
    init(url: URL) throws(RealmEncryptionError) {
        path = url.path
        let descriptor = open(url.path, O_RDONLY)
        guard descriptor >= 0 else { throw .cannotOpen(path: url.path, errno: errno) }
        let end = lseek(descriptor, 0, SEEK_END)
        guard end >= 0, let size = Int(exactly: end) else {
            let code = errno
            close(descriptor)
            throw .cannotOpen(path: url.path, errno: code)
        }
        self.descriptor = descriptor
        self.size = size
    }

    deinit { close(descriptor) }

    /// Fills `buffer` with the bytes at `offset`; a short read throws `readFailed` with errno 0.
    func read(into buffer: UnsafeMutableRawBufferPointer, at offset: Int) throws(RealmEncryptionError) {
        guard let base = buffer.baseAddress else { return }
        var done = 0
        while done < buffer.count {
            let position = offset.addingReportingOverflow(done)
            guard !position.overflow, let fileOffset = off_t(exactly: position.partialValue) else {
                throw .readFailed(fileOffset: offset, errno: 0)
            }
            let count = pread(descriptor, base + done, buffer.count - done, fileOffset)
            if count < 0 {
                if errno == EINTR { continue }
                throw .readFailed(fileOffset: position.partialValue, errno: errno)
            }
            if count == 0 { throw .readFailed(fileOffset: position.partialValue, errno: 0) }
            done += count
        }
    }

    /// Reads `count` bytes at `offset` into a new array.
    func read(count: Int, at offset: Int) throws(RealmEncryptionError) -> [UInt8] {
        var bytes = [UInt8](repeating: 0, count: count)
        var failure: RealmEncryptionError?
        bytes.withUnsafeMutableBytes { buffer in
            do throws(RealmEncryptionError) { try read(into: buffer, at: offset) } catch { failure = error }
        }
        if let failure { throw failure }
        return bytes
    }
}
