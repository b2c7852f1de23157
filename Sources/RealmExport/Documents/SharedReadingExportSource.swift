import RealmFile

/// An export source whose objects can be read in place (as `StoredRow`s), and whose tables several threads can
/// read at once, each its own share of a table's clusters.
public protocol SharedReadingExportSource: ExportSource, Sendable {
    /// Whether reading in shares costs no more memory than reading alone (false for an encrypted file).
    var readsInParallelCheaply: Bool { get }
    /// Calls `body` with each object of `table` in the clusters of `share`, in object-key order, read in place, and
    /// the position of its cluster among all the table's clusters. Backlink columns may read as empty lists.
    /// - Throws: ``ClusterReadFailure``: what failed, reading or in `body`, with the position of the cluster.
    func forEachRow(in table: StoredTable, share: ClusterShare, _ body: (StoredRow, Int) throws -> Void) throws
}

/// An error met while reading one cluster of a table, with the position of that cluster, so that errors from
/// several shares can be reported in key order, as one reader would have met them.
public struct ClusterReadFailure: Error {
    /// The position of the cluster among all the table's clusters.
    public var position: Int
    /// What went wrong.
    public var underlying: any Error

    /// Wraps `underlying`, met in the cluster at `position`.
    public init(position: Int, underlying: any Error) {
        self.position = position
        self.underlying = underlying
    }
}

extension RealmFileReader: SharedReadingExportSource {
    public func forEachRow(in table: StoredTable, share: ClusterShare, _ body: (StoredRow, Int) throws -> Void)
        throws
    {
        var cursor = objects(in: table, skippingBacklinks: true, share: share)
        do {
            while let row = try cursor.nextRow() { try body(row, cursor.clusterPosition) }
        } catch {
            throw ClusterReadFailure(position: cursor.clusterPosition, underlying: error)
        }
    }
}
