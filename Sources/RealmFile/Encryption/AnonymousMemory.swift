import Foundation

/// Private, anonymous, zero-filled memory from `mmap`: the operating system backs each page only when it is first
/// written, so reserving the whole decrypted file costs nothing until pages are decrypted into it. Never backed
/// by a file, so decrypted bytes never reach the disk through it.
final class AnonymousMemory: @unchecked Sendable {
    /// The start of the memory; valid until deinit.
    let base: UnsafeMutableRawPointer
    let count: Int

    /// Reserves `count` bytes (more than 0).
    init(count: Int) throws(RealmEncryptionError) {
        guard count > 0 else { throw .mappingFailed(bytes: count, errno: EINVAL) }
        let mapped = mmap(nil, count, PROT_READ | PROT_WRITE, MAP_PRIVATE | MAP_ANON, -1, 0)
        guard let mapped, mapped != UnsafeMutableRawPointer(bitPattern: -1) else {
            throw .mappingFailed(bytes: count, errno: errno)
        }
        base = mapped
        self.count = count
    }

    deinit { munmap(base, count) }
}
