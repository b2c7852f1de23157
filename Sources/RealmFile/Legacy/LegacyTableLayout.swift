/// A column of a format 2–9 table: where its values are and how they are stored (realm-core 5: one B+tree per
/// column, `Table::m_columns` in `table.cpp` at v5.23.9).
struct LegacyColumn: Sendable {
    enum Storage: Sendable {
        case scalar(LegacyScalar)
        /// `StringEnumColumn`: an integer column of indices into a string column of distinct values.
        case enumerated(nullable: Bool, valuesRoot: Int)
        /// `LinkColumn`: the target's row index + 1, 0 for null.
        case link(targetSlot: Int)
        /// `LinkListColumn`: 0 (empty) or the ref of an integer column of target row indices.
        case linkList(targetSlot: Int)
        /// `BacklinkColumn`: 0 (none), a tagged origin row index, or the ref of an integer column of origin rows.
        case backlink(originSlot: Int)
        /// A one-column subtable (`!ARRAY_VALUE`, how the object store stored a list of primitives): 0 (empty)
        /// or the ref of the subtable's column array, whose first column holds the elements.
        case list(LegacyScalar)
    }

    let storage: Storage
    /// The column's root in the table's column array.
    let root: Int
}

/// A format 2–9 table: its row count, columns, and the object keys realm-core 6 gives its rows when it upgrades
/// the file (`Table::migrate_objects` at v6.2.4): the row index, except in a table whose primary key is a String,
/// where the key is derived from the primary key (`GlobalKey` → `global_to_local_object_id_hashed`).
struct LegacyTableLayout: Sendable {
    /// The number of rows (objects).
    let rowCount: Int
    /// Aligned with the table's columns.
    let columns: [LegacyColumn]
    /// The object key of each row, when it is not the row index.
    let rowKeys: [Int64]?
    /// Rows in ascending key order, when that is not row order.
    let order: [Int]?
    /// The row of each key, when keys are not row indices.
    let rowsByKey: [Int64: Int]?

    /// The object key of row `row`.
    func key(ofRow row: Int) -> Int64 {
        guard let rowKeys, row >= 0, row < rowKeys.count else { return Int64(row) }
        return rowKeys[row]
    }

    /// The row holding object `key`, or `nil` when there is none.
    func row(ofKey key: Int64) -> Int? {
        if let rowsByKey { return rowsByKey[key] }
        guard key >= 0, key < Int64(rowCount) else { return nil }
        return Int(key)
    }

    /// The row at position `position` in key order.
    func row(atPosition position: Int) -> Int {
        guard let order, position >= 0, position < order.count else { return position }
        return order[position]
    }

    /// The same table with keys derived from its String primary key values, one per row.
    func keyed(by keys: [Int64], at offset: Int) throws(RealmFileError) -> LegacyTableLayout {
        var rowsByKey: [Int64: Int] = [:]
        rowsByKey.reserveCapacity(keys.count)
        for (row, key) in keys.enumerated() where rowsByKey.updateValue(row, forKey: key) != nil {
            throw RealmFileError(
                .corruptNode, offset: offset,
                context: "two primary keys hash to object key \(key) (duplicate primary key or a SHA-1 collision)")
        }
        let order = keys.indices.sorted { keys[$0] < keys[$1] }
        return LegacyTableLayout(
            rowCount: rowCount, columns: columns, rowKeys: keys, order: order, rowsByKey: rowsByKey)
    }
}
