import Foundation

/// Where ``RealmToSwiftDataMigration`` learns the free space of the store's volume: the volume itself, or in tests
/// any function of the store's URL.
public struct FreeSpaceSource: Sendable {
    /// The bytes available to the app on the volume holding `url` (the store file, which exists), or `nil` when
    /// the platform cannot tell (then the migration does not check).
    public var availableBytes: @Sendable (_ url: URL) throws -> Int64?

    /// A source that answers with `availableBytes`.
    public init(availableBytes: @escaping @Sendable (_ url: URL) throws -> Int64?) {
        self.availableBytes = availableBytes
    }

    /// The volume's own figure: `volumeAvailableCapacityForImportantUsage` on iOS and macOS, `statvfs` (blocks
    /// available to unprivileged users) elsewhere.
    public static let volume = FreeSpaceSource { url in try VolumeFreeSpace.availableBytes(at: url) }
}

extension FreeSpaceSource {
    /// Test hook: a volume with `freeBytes` free now, less whatever the files of `store` (store, `-wal`, `-shm`)
    /// grow by from here on.
    /// - Parameters:
    ///   - freeBytes: The free space when the source is made.
    ///   - store: The store file whose growth uses the space.
    public static func simulatedVolume(freeBytes: Int64, store: URL) -> FreeSpaceSource {
        let start = StorageGuard.storeFilesBytes(store)
        return FreeSpaceSource { _ in freeBytes - (StorageGuard.storeFilesBytes(store) - start) }
    }
}

extension FreeSpaceSource {
    /// Test hook: always `bytes` free.
    public static func fixed(_ bytes: Int64) -> FreeSpaceSource { FreeSpaceSource { _ in bytes } }

    /// Test hook: `first` for the first check (the preflight), `later` for every check after it.
    public static func afterFirstCheck(_ first: FreeSpaceSource, then later: FreeSpaceSource) -> FreeSpaceSource {
        let checks = CheckCounter()
        return FreeSpaceSource { url in try (checks.next() == 0 ? first : later).availableBytes(url) }
    }
}

/// A thread-safe count of checks.
private final class CheckCounter: @unchecked Sendable {
    private let lock = NSLock()
    private var count = 0

    func next() -> Int {
        lock.lock()
        defer { lock.unlock() }
        count += 1
        return count - 1
    }
}
