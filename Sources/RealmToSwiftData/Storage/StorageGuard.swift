import Foundation
import MigrationEngine
import RealmFile
import RealmMigrationSource

/// The free-space checks of one migration run: before the first write (the whole estimate against the volume's
/// free space, less what the store already takes) and after every saved batch (the next batch and the margin).
/// When space runs short between batches it stops the copy through its own cancellation, after the saved batch,
/// and keeps the reason.
final class StorageGuard {
    let estimate: StoreSizeEstimate
    private let store: URL?
    private let source: FreeSpaceSource
    private let outer: MigrationCancellation
    /// What the copy checks between batches: cancelled when the run is, or when space runs short.
    let cancellation = MigrationCancellation()
    /// Why the copy stopped for lack of space, if it did.
    private(set) var deferral: RealmToSwiftDataDeferral?

    init(
        file: RealmFileReader, batchSize: Int, store: URL?, source: FreeSpaceSource, cancellation: MigrationCancellation
    )
        throws
    {
        do {
            estimate = try StoreSizeEstimator(file: file, batchSize: batchSize).estimate()
        } catch {
            throw RealmToSwiftDataError.unreadableRealmFile(String(describing: error))
        }
        self.store = store
        self.source = source
        outer = cancellation
        if cancellation.isCancelled { self.cancellation.cancel() }
    }

    /// The deferral when the volume cannot take the rest of the migration; `nil` to go on.
    func preflight() -> RealmToSwiftDataDeferral? {
        check(needed: estimate.neededBytes(besides: store.map(Self.storeFilesBytes) ?? 0))
    }

    /// After a saved batch: forwards the run's cancellation, and stops the copy when the volume cannot take the
    /// next batch and the margin.
    func afterBatch() {
        if outer.isCancelled { cancellation.cancel() }
        guard deferral == nil, let short = check(needed: estimate.batchBytes + estimate.marginBytes) else { return }
        deferral = short
        cancellation.cancel()
    }

    private func check(needed: Int64) -> RealmToSwiftDataDeferral? {
        guard let store, let available = try? source.availableBytes(store) else { return nil }
        return available < needed ? .insufficientStorage(neededBytes: needed, availableBytes: available) : nil
    }

    /// Bytes of the store file and its `-wal` and `-shm` companions.
    static func storeFilesBytes(_ store: URL) -> Int64 {
        ["", "-wal", "-shm"].reduce(Int64(0)) { total, suffix in
            let attributes = try? FileManager.default.attributesOfItem(atPath: store.path + suffix)
            return total + ((attributes?[.size] as? NSNumber)?.int64Value ?? 0)
        }
    }
}
