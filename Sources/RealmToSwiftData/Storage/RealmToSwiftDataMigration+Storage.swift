import Foundation
import MigrationEngine
import RealmFile
import RealmMigrationSource

@available(macOS 14, iOS 17, tvOS 17, watchOS 10, *)
extension RealmToSwiftDataMigration {
    /// The bytes the migration of ``realmFile`` needs on the store's volume (store, write-ahead log, margin), as the
    /// run's preflight computes them: one pass over the file's rows, no full decode (see ``StoreSizeEstimator``).
    ///
    /// ```swift
    /// let estimate = try await migration.estimatedStoreSize()
    /// print(ByteCountFormatter.string(fromByteCount: estimate.neededBytes, countStyle: .file))
    /// ```
    /// - Returns: The estimate, Codable.
    /// - Throws: ``RealmToSwiftDataError/unreadableRealmFile(_:)``.
    public func estimatedStoreSize() async throws -> StoreSizeEstimate {
        let migration = self
        return try await MigrationTask(name: "Store size estimate") { _ in try migration.estimatedStoreSizeNow() }
            .value
    }

    func estimatedStoreSizeNow() throws -> StoreSizeEstimate {
        do {
            let file = try RealmFileReader(url: realmFile, encryptionKey: encryptionKey)
            return try StoreSizeEstimator(file: file, batchSize: batchSize).estimate()
        } catch {
            throw RealmToSwiftDataError.unreadableRealmFile(String(describing: error))
        }
    }

    /// This migration with free space read from `source` (tests; a volume the platform does not report).
    /// - Parameter source: The free-space source; ``FreeSpaceSource/volume`` by default.
    public func checkingFreeSpace(with source: FreeSpaceSource) -> Self {
        var copy = self
        copy.freeSpace = source
        return copy
    }

    /// The guard of one run over `file`.
    func storageGuard(for file: RealmFileReader, cancellation: MigrationCancellation) throws -> StorageGuard {
        try StorageGuard(
            file: file, batchSize: batchSize, store: storeURL, source: freeSpace, cancellation: cancellation)
    }
}

@available(macOS 14, iOS 17, tvOS 17, watchOS 10, *)
extension RealmToSwiftDataMigration {
    /// The store file of the container's first configuration.
    var storeURL: URL? { container.configurations.first?.url }
}
