/// How many bytes a migration of a Realm file needs on the destination's volume: the store, its write-ahead log
/// while the migration runs, and a margin. Codable, so an app can log it and a report can carry it.
///
/// Computed by ``StoreSizeEstimator`` from the file's schema, object counts, the stored lengths of its strings and
/// binaries and the element counts of its collections (one pass over the file's rows, no value decoded where the
/// file stores its length), with SQLite's costs per row, per index entry and per page. It is an upper bound for
/// the Linux runtime's store (calibrated against every fixture: see docs/in-app-migration.md, "Storage"); a
/// store on a device (Core Data's SQLite layout) is of the same order.
///
/// ```swift
/// let estimate = try StoreSizeEstimator(file: reader).estimate()
/// print(estimate.neededBytes)
/// ```
public struct StoreSizeEstimate: Sendable, Hashable, Codable {
    /// Bytes of the store file once the migration finished (pages of every table and index).
    public var storeBytes: Int64
    /// Bytes the write-ahead log can reach during the run (SQLite's automatic checkpoint every 1,000 pages, plus
    /// the largest batch's pages).
    public var walBytes: Int64
    /// Bytes kept free beyond store and log (the volume should not be filled to its last byte).
    public var marginBytes: Int64
    /// Bytes one batch of the migration adds at most (its rows and index entries, and their log frames): the
    /// floor of free space checked between batches, with ``marginBytes``.
    public var batchBytes: Int64
    /// Objects of every migrated class (embedded objects included).
    public var objects: Int
    /// Elements of collections of links (each one a row in the store: an entry model or a join row).
    public var links: Int
    /// Bytes of strings and binaries as the file stores them (mixed values and collections included).
    public var stringAndBinaryBytes: Int64
    /// How the figures were computed, in words.
    public var method: String

    /// Bytes a migration into an empty store needs: store, log and margin.
    public var neededBytes: Int64 { storeBytes + walBytes + marginBytes }

    /// Bytes still needed when the store's files already take `existingBytes` (a migration that continues): never
    /// less than the margin plus one batch.
    /// - Parameter existingBytes: The store's files (store, `-wal`, `-shm`) as they are now.
    public func neededBytes(besides existingBytes: Int64) -> Int64 {
        max(storeBytes + walBytes - max(0, existingBytes), batchBytes) + marginBytes
    }

    /// Creates an estimate from its parts.
    public init(
        storeBytes: Int64, walBytes: Int64, marginBytes: Int64, batchBytes: Int64, objects: Int, links: Int,
        stringAndBinaryBytes: Int64, method: String
    ) {
        self.storeBytes = storeBytes
        self.walBytes = walBytes
        self.marginBytes = marginBytes
        self.batchBytes = batchBytes
        self.objects = objects
        self.links = links
        self.stringAndBinaryBytes = stringAndBinaryBytes
        self.method = method
    }
}
