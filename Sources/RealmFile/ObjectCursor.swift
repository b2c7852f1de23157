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
    /// Formats 2–9: the table's rows and the next position in key order.
    private var legacy: LegacyCursor?

    init(file: RealmFileReader, layout: TableLayout, skippingBacklinks: Bool, share: ClusterShare = .all) {
        self.file = file
        self.layout = layout
        self.skippingBacklinks = skippingBacklinks
        self.share = share
        if let table = layout.legacy {
            registration = file.registerReader()
            legacy = LegacyCursor(table: table)
        } else if let root = layout.clusterRoot {
            registration = file.registerReader()
            leaves = ClusterTree.LeafIterator(tree: ClusterTree(bytes: file.context.bytes, root: root))
        }
    }

    /// The next object, or `nil` after the last one. ``clusterPosition`` then says which cluster it is in (or, after
    /// an error, which cluster the error is in).
    /// - Throws: `RealmFileError` when the file's structure or a value is corrupt.
    public mutating func next() throws(RealmFileError) -> StoredObject? {
        if legacy != nil { return try nextLegacy() }
        guard let (cluster, row) = try advance() else { return nil }
        return try cluster.object(at: row)
    }

    /// The next object read in place (see ``StoredRow``), or `nil` after the last one; like ``next()`` otherwise.
    /// - Throws: `RealmFileError` when the file's structure is corrupt.
    public mutating func nextRow() throws(RealmFileError) -> StoredRow? {
        if legacy != nil { return try nextLegacy().map(StoredRow.init(object:)) }
        guard let (cluster, row) = try advance() else { return nil }
        return StoredRow(cluster: cluster, row: row, key: try cluster.key(at: row))
    }

    /// Formats 2–9: the next object in key order. Rows are dealt into shares in runs of
    /// `LegacyCursor.rowsPerCluster` positions, as if they were clusters.
    private mutating func nextLegacy() throws(RealmFileError) -> StoredObject? {
        guard var state = legacy else { return nil }
        defer { legacy = state }
        let count = state.table.rowCount
        while state.position < count {
            let chunk = state.position / LegacyCursor.rowsPerCluster
            clusterPosition = chunk
            guard share.contains(clusterAt: chunk) else {
                state.position = (chunk + 1) * LegacyCursor.rowsPerCluster
                continue
            }
            let rows: LegacyRows
            if let existing = state.rows {
                rows = existing
            } else {
                rows = try LegacyRows(
                    layout, legacy: state.table, group: file.group, context: file.context,
                    skippingBacklinks: skippingBacklinks)
                state.rows = rows
            }
            let row = state.table.row(atPosition: state.position)
            state.position += 1
            return try rows.object(atRow: row)
        }
        state.rows = nil
        registration = nil
        return nil
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

/// Where a cursor over a format 2–9 table is: the rows' reader (made on the first read) and the next position.
private struct LegacyCursor {
    /// How many positions count as one cluster for ``StoredObjectCursor/clusterPosition`` and shares: the engine's
    /// cluster size, so that shares of old tables are as large as shares of new ones.
    static let rowsPerCluster = 256

    let table: LegacyTableLayout
    var rows: LegacyRows? = nil
    var position = 0
}
