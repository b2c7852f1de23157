/// The group ("top") array and every table it lists (realm-file-format.md §3).
struct GroupLayout: Sendable {
    /// The tables in slot order (free slots skipped).
    let tables: [TableLayout]
    /// Table position in `tables` by table key.
    private let positions: [StoredTableKey: Int]

    /// A group without tables (a file that was never written to).
    static let empty = GroupLayout(tables: [])

    init(tables: [TableLayout]) {
        self.tables = tables
        var positions: [StoredTableKey: Int] = [:]
        for (position, layout) in tables.enumerated() { positions[layout.table.key] = position }
        self.positions = positions
    }

    /// The layout of the table with key `key`.
    func position(of key: StoredTableKey) -> Int? { positions[key] }

    /// Reads the group's top array at `topRef` and every table of a file of format `fileFormat`.
    init(_ bytes: FileBytes, topRef: Int, fileFormat: Int) throws(RealmFileError) {
        let top = try bytes.refArray(at: topRef, "group top array")
        guard top.size >= 2 else {
            throw RealmFileError(.corruptNode, offset: topRef, context: "group top array with \(top.size) slots")
        }
        let names = try BlobLeaf(
            bytes, at: try bytes.ref(try bytes.slot(top, 0), "table names", from: topRef), isString: true)
        let tableRefs = try bytes.refArray(
            at: try bytes.ref(try bytes.slot(top, 1), "table list", from: topRef), "table list")
        guard names.count >= tableRefs.size else {
            throw RealmFileError(.corruptNode, offset: tableRefs.ref, context: "fewer table names than tables")
        }
        if fileFormat < 10 {
            var tables = try LegacyGroup.tables(bytes, names: names, tableRefs: tableRefs, fileFormat: fileFormat)
            self.init(tables: tables)
            try nameBacklinks(&tables)
            self = GroupLayout(tables: tables)
            return
        }
        var tables: [TableLayout] = []
        var seen: Set<Int> = []
        for slot in 0..<tableRefs.size {
            let value = try bytes.slot(tableRefs, slot)
            if value == 0 || value & 1 == 1 { continue }  // free slot
            let name = try names.string(at: slot, bytes) ?? ""
            let ref = try bytes.ref(value, "table top", from: tableRefs.ref)
            guard seen.insert(ref).inserted else {
                throw RealmFileError(.cycle, offset: ref, context: "table top shared by two tables", table: name)
            }
            do {
                tables.append(try TableLayout(bytes, ref: ref, slot: slot, name: name, fileFormat: fileFormat))
            } catch {
                throw error.located(table: name)
            }
        }
        self.init(tables: tables)
        try nameBacklinks(&tables)
        self = GroupLayout(tables: tables)
    }

    /// Backlink columns have no stored name; name them `@links.<origin table>.<origin column>`.
    private func nameBacklinks(_ tables: inout [TableLayout]) throws(RealmFileError) {
        for tableIndex in tables.indices {
            for columnIndex in tables[tableIndex].columns.indices
            where tables[tableIndex].columns[columnIndex].isBacklink {
                let column = tables[tableIndex].columns[columnIndex].column
                guard let origin = column.targetTable, let position = position(of: origin) else { continue }
                let originTable = tables[position].table
                let originColumn = originTable.columns.first { $0.key == column.originColumnKey }?.name ?? "?"
                let name = "@links.\(originTable.name).\(originColumn)"
                tables[tableIndex].columns[columnIndex].column.name = name
                tables[tableIndex].table.columns[columnIndex].name = name
            }
        }
    }
}
