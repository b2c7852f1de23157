extension RealmFileReader {
    /// The object of `table` whose primary key equals `primaryKey`, or `nil` if there is none (or the table has
    /// no primary key). The primary-key column is scanned cluster by cluster, without decoding other columns.
    /// - Throws: `RealmFileError` when the file is corrupt.
    public func object(primaryKey: StoredValue, in table: StoredTable) throws(RealmFileError) -> StoredObject? {
        var found: StoredObject? = nil
        try scanPrimaryKeys(of: table) {
            (reader: ClusterReader, row: Int, value: StoredValue) throws(RealmFileError) -> Bool in
            guard value == primaryKey else { return true }
            found = try ClusterReader(reader.leaf, layout: reader.layout, context: context).object(at: row)
            return false
        }
        return found
    }

    /// Calls `body` with the key and primary key of every object of `table`, in ascending key order, reading only
    /// the primary-key column (no other column is touched, and read pages are let go as `StoredObjectCursor` lets
    /// them go). Does nothing for a table without a primary key or one that does not belong to this file.
    ///
    /// ```swift
    /// var trackIds: [StoredObjectKey: StoredValue] = [:]
    /// try realm.forEachPrimaryKey(in: tracks) { key, id in trackIds[key] = id }
    /// ```
    /// - Throws: `RealmFileError` when the file is corrupt.
    public func forEachPrimaryKey(
        in table: StoredTable, _ body: (StoredObjectKey, StoredValue) -> Void
    ) throws(RealmFileError) {
        try scanPrimaryKeys(of: table) {
            (reader: ClusterReader, row: Int, value: StoredValue) throws(RealmFileError) -> Bool in
            body(StoredObjectKey(try reader.leaf.key(at: row, context.bytes)), value)
            return true
        }
    }

    /// Visits the primary key of every object of `table` in key order, cluster by cluster, until `visit` returns
    /// false. The clusters' readers decode no other column, and every 64 clusters the pages read so far are let go
    /// (`dropResidentPages()`), so a long scan keeps a small resident set.
    private func scanPrimaryKeys(
        of table: StoredTable,
        _ visit: (ClusterReader, Int, StoredValue) throws(RealmFileError) -> Bool
    ) throws(RealmFileError) {
        guard let layout = layout(of: table), let root = layout.clusterRoot,
            let column = layout.table.primaryKeyColumnIndex
        else { return }
        try reading { () throws(RealmFileError) in
            do throws(RealmFileError) {
                var leaves = ClusterTree.LeafIterator(tree: ClusterTree(bytes: context.bytes, root: root))
                var clusters = 0
                while let leaf = try leaves.next() {
                    let reader = try ClusterReader(
                        leaf, layout: layout, context: context, onlyColumn: column)
                    for row in 0..<leaf.count where try !visit(reader, row, try reader.value(column: column, row: row))
                    {
                        return
                    }
                    clusters += 1
                    if clusters % Self.clustersBetweenPageDrops == 0 {
                        dropResidentPages()
                        try leaves.reloadHeldNodes()
                    }
                }
            } catch {
                throw error.located(table: table.name)
            }
        }
    }
}
