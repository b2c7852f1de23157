extension RealmFileReader {
    /// The object of `table` whose primary key equals `primaryKey`, or `nil` if there is none (or the table has
    /// no primary key). The primary-key column is scanned cluster by cluster, without decoding other columns.
    /// - Throws: `RealmFileError` when the file is corrupt.
    public func object(primaryKey: StoredValue, in table: StoredTable) throws(RealmFileError) -> StoredObject? {
        var found: StoredObject? = nil
        try scanPrimaryKeys(of: table) { (row: PrimaryKeyRow, value: StoredValue) throws(RealmFileError) -> Bool in
            guard value == primaryKey else { return true }
            found = try row.object(context, group)
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
        try scanPrimaryKeys(of: table) { (row: PrimaryKeyRow, value: StoredValue) throws(RealmFileError) -> Bool in
            body(try row.key(context), value)
            return true
        }
    }

    /// Visits the primary key of every object of `table` in key order, cluster by cluster, until `visit` returns
    /// false. The clusters' readers decode no other column, and every 64 clusters the pages read so far are let go
    /// (`dropResidentPages()`), so a long scan keeps a small resident set.
    private func scanPrimaryKeys(
        of table: StoredTable,
        _ visit: (PrimaryKeyRow, StoredValue) throws(RealmFileError) -> Bool
    ) throws(RealmFileError) {
        if let layout = layout(of: table), let legacy = layout.legacy, let column = layout.table.primaryKeyColumnIndex {
            try reading { () throws(RealmFileError) in
                let rows = try LegacyRows(layout, legacy: legacy, group: group, context: context, onlyColumn: column)
                for position in 0..<legacy.rowCount {
                    let row = legacy.row(atPosition: position)
                    if try !visit(.legacy(layout, legacy, row), try rows.value(column: column, row: row)) { return }
                }
            }
            return
        }
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
                    for row in 0..<leaf.count
                    where try !visit(.cluster(reader, row), try reader.value(column: column, row: row)) {
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

/// One row met by a primary-key scan: in a cluster (formats 10 and later) or a format 2–9 table.
private enum PrimaryKeyRow {
    case cluster(ClusterReader, Int)
    case legacy(TableLayout, LegacyTableLayout, Int)

    func key(_ context: DecodingContext) throws(RealmFileError) -> StoredObjectKey {
        switch self {
        case .cluster(let reader, let row): return StoredObjectKey(try reader.leaf.key(at: row, context.bytes))
        case .legacy(_, let legacy, let row): return StoredObjectKey(legacy.key(ofRow: row))
        }
    }

    /// The whole object, all columns read.
    func object(_ context: DecodingContext, _ group: GroupLayout) throws(RealmFileError) -> StoredObject {
        switch self {
        case .cluster(let reader, let row):
            return try ClusterReader(reader.leaf, layout: reader.layout, context: context).object(at: row)
        case .legacy(let layout, let legacy, let row):
            return try LegacyRows(layout, legacy: legacy, group: group, context: context).object(atRow: row)
        }
    }
}
