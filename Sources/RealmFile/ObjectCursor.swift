/// Reads the objects of one table lazily, in ascending object-key order.
///
/// Each cluster's column leaves are decoded once when the cursor enters the cluster; each `next()` then only
/// reads one row. Errors say which table, column and byte offset failed.
///
/// ```swift
/// var cursor = realm.objects(in: track)
/// while let object = try cursor.next() {
///     print(object.key, object.values)
/// }
/// ```
public struct StoredObjectCursor {
    private let file: RealmFileReader
    private let layout: TableLayout
    private let skippingBacklinks: Bool
    private let share: ClusterShare
    private var leaves: ClusterTree.LeafIterator?
    private var cluster: ClusterReader?
    private var row = 0
    /// The position among all the table's clusters of the cluster being read; -1 before the first.
    public private(set) var clusterPosition = -1
    private var clustersEntered = 0
    private var dropBeforeNextCluster = false
    /// Present until the last object is read; while other copies of the cursor exist, pages are not dropped.
    private var registration: ReaderRegistration?

    init(file: RealmFileReader, layout: TableLayout, skippingBacklinks: Bool, share: ClusterShare = .all) {
        self.file = file
        self.layout = layout
        self.skippingBacklinks = skippingBacklinks
        self.share = share
        if let root = layout.clusterRoot {
            registration = file.registerReader()
            leaves = ClusterTree.LeafIterator(tree: ClusterTree(bytes: file.context.bytes, root: root))
        }
    }

    /// The next object, or `nil` after the last one. ``clusterPosition`` then says which cluster it is in (or, after
    /// an error, which cluster the error is in).
    /// - Throws: `RealmFileError` when the file's structure or a value is corrupt.
    public mutating func next() throws(RealmFileError) -> StoredObject? {
        guard let (cluster, row) = try advance() else { return nil }
        return try cluster.object(at: row)
    }

    /// The next object read in place (see ``StoredRow``), or `nil` after the last one; like ``next()`` otherwise.
    /// - Throws: `RealmFileError` when the file's structure is corrupt.
    public mutating func nextRow() throws(RealmFileError) -> StoredRow? {
        guard let (cluster, row) = try advance() else { return nil }
        return StoredRow(cluster: cluster, row: row, key: try cluster.key(at: row))
    }

    /// Moves to the next row: the cluster it is in and its index there, or `nil` after the last one.
    private mutating func advance() throws(RealmFileError) -> (ClusterReader, Int)? {
        while true {
            if let cluster, row < cluster.leaf.count {
                defer { row += 1 }
                return (cluster, row)
            }
            guard leaves != nil else { return nil }
            if dropBeforeNextCluster { try dropReadPages() }
            let leaf: ClusterTree.Leaf?
            do {
                leaf = try leaves?.next() ?? nil  // advances in place (no copy of the visited set)
            } catch {
                clusterPosition += 1  // the error is on the way to the next cluster
                throw error.located(table: layout.table.name)
            }
            guard let leaf else {
                leaves = nil
                cluster = nil
                registration = nil
                return nil
            }
            clusterPosition += 1
            guard share.contains(clusterAt: clusterPosition) else {
                cluster = nil
                continue
            }
            cluster = try ClusterReader(
                leaf, layout: layout, context: file.context, skippingBacklinks: skippingBacklinks)
            row = 0
            clustersEntered += 1
            // Every share's cursor drops as often, over all clusters, as one cursor alone: the pages read between two
            // drops stay as many however many cursors read.
            dropBeforeNextCluster =
                clustersEntered % max(1, RealmFileReader.clustersBetweenPageDrops / share.count) == 0
        }
    }

    /// Between two clusters, when the cursor holds only the tree iterator's inner nodes: lets the file drop the
    /// pages read so far, then makes those inner nodes readable again. Skipped while a copy of this cursor
    /// exists, since the copy holds nodes of its own.
    private mutating func dropReadPages() throws(RealmFileError) {
        dropBeforeNextCluster = false
        guard isKnownUniquelyReferenced(&registration) else { return }
        cluster = nil
        file.dropResidentPages()
        do {
            try leaves?.reloadHeldNodes()
        } catch {
            throw error.located(table: layout.table.name)
        }
    }
}
