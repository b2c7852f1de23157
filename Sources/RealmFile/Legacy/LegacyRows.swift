/// Reads the rows of one format 2–9 table as objects, the way realm-core 6 presents them once it has upgraded the
/// file (`Table::migrate_objects` and `Table::migrate_links` at v6.2.4): links and backlinks name object keys
/// instead of row indices, link lists keep their order, backlinks are in ascending origin-key order (the order the
/// upgrade adds them in), lists of primitives come from one-column subtables.
///
/// Made per cursor (it keeps the leaf each column read last decoded), not shared between threads.
final class LegacyRows {
    private enum Reader {
        case scalar(LegacyScalarReader)
        case enumerated(indices: LegacyTree, values: [StoredValue], nullable: Bool)
        /// Integer columns whose values are row indices or refs; `keys` maps the other table's rows to keys.
        case link(LegacyTree, target: StoredTableKey, keys: LegacyTableLayout)
        case linkList(LegacyTree, target: StoredTableKey, keys: LegacyTableLayout)
        case backlink(LegacyTree, origin: StoredTableKey, keys: LegacyTableLayout)
        case list(LegacyTree, LegacyScalar)
        /// A column the caller did not ask for: null.
        case skipped
        /// A backlink column the caller asked not to read: an empty list.
        case skippedBacklinks
    }

    private var readers: [Reader]
    private let context: DecodingContext
    let table: LegacyTableLayout
    private let layout: TableLayout

    /// Prepares to read `layout`'s rows; with `onlyColumn`, only that column (the others read as null) and with
    /// `skippingBacklinks`, backlink columns read as empty lists.
    init(
        _ layout: TableLayout, legacy: LegacyTableLayout, group: GroupLayout, context: DecodingContext,
        skippingBacklinks: Bool = false, onlyColumn: Int? = nil
    ) throws(RealmFileError) {
        self.context = context
        self.table = legacy
        self.layout = layout
        var readers: [Reader] = []
        readers.reserveCapacity(legacy.columns.count)
        for (index, column) in legacy.columns.enumerated() {
            if let onlyColumn, onlyColumn != index {
                readers.append(.skipped)
                continue
            }
            do {
                readers.append(
                    try Self.reader(column, group: group, context: context, skippingBacklinks: skippingBacklinks))
            } catch {
                throw error.located(table: layout.table.name, column: layout.columns[index].column.name)
            }
        }
        self.readers = readers
    }

    private static func reader(
        _ column: LegacyColumn, group: GroupLayout, context: DecodingContext, skippingBacklinks: Bool
    ) throws(RealmFileError) -> Reader {
        func other(_ slot: Int) throws(RealmFileError) -> (StoredTableKey, LegacyTableLayout) {
            guard let raw = UInt32(exactly: slot), case let key = StoredTableKey(raw),
                let position = group.position(of: key),
                let legacy = group.tables[position].legacy
            else {
                throw RealmFileError(
                    .corruptNode, offset: column.root, context: "link to table \(slot), not in the file")
            }
            return (key, legacy)
        }
        let integers = { () throws(RealmFileError) -> LegacyTree in
            try LegacyTree(context, root: column.root, kind: .int(nullable: false))
        }
        switch column.storage {
        case .scalar(let scalar):
            return .scalar(try LegacyScalarReader(context, root: column.root, scalar: scalar))
        case .enumerated(let nullable, let valuesRoot):
            var values = try LegacyScalarReader(context, root: valuesRoot, scalar: .string(nullable: nullable))
            var distinct: [StoredValue] = []
            distinct.reserveCapacity(values.count)
            for index in 0..<values.count { distinct.append(try values.value(at: index, context)) }
            return .enumerated(indices: try integers(), values: distinct, nullable: nullable)
        case .link(let slot):
            let (key, keys) = try other(slot)
            return .link(try integers(), target: key, keys: keys)
        case .linkList(let slot):
            let (key, keys) = try other(slot)
            return .linkList(try integers(), target: key, keys: keys)
        case .backlink(let slot):
            if skippingBacklinks { return .skippedBacklinks }
            let (key, keys) = try other(slot)
            return .backlink(try integers(), origin: key, keys: keys)
        case .list(let scalar):
            return .list(try integers(), scalar)
        }
    }

    /// The object at row `row`.
    func object(atRow row: Int) throws(RealmFileError) -> StoredObject {
        var values: [StoredValue] = []
        values.reserveCapacity(readers.count)
        for index in readers.indices { values.append(try value(column: index, row: row)) }
        return StoredObject(key: StoredObjectKey(table.key(ofRow: row)), values: values)
    }

    /// The value of column `index` at row `row`.
    func value(column index: Int, row: Int) throws(RealmFileError) -> StoredValue {
        guard readers.indices.contains(index) else { return .null }
        do {
            return try read(&readers[index], row)
        } catch {
            throw error.located(table: layout.table.name, column: layout.columns[index].column.name)
        }
    }

    private func read(_ reader: inout Reader, _ row: Int) throws(RealmFileError) -> StoredValue {
        switch reader {
        case .skipped:
            return .null
        case .skippedBacklinks:
            return .list([])
        case .scalar(var scalar):
            defer { reader = .scalar(scalar) }
            return try scalar.value(at: row, context)
        case .enumerated(var indices, let values, let nullable):
            defer { reader = .enumerated(indices: indices, values: values, nullable: nullable) }
            let index = try indices.integer(at: row, context)
            guard let position = Int(exactly: index), values.indices.contains(position) else {
                throw RealmFileError(.corruptNode, offset: indices.leafRef, context: "enumerated string index \(index)")
            }
            return values[position]
        case .link(var tree, let target, let keys):
            defer { reader = .link(tree, target: target, keys: keys) }
            let stored = try tree.integer(at: row, context)
            if stored == 0 { return .null }
            return .link(try link(stored &- 1, target, keys, at: tree.leafRef))
        case .linkList(var tree, let target, let keys):
            defer { reader = .linkList(tree, target: target, keys: keys) }
            let stored = UInt64(bitPattern: try tree.integer(at: row, context))
            if stored == 0 { return .list([]) }
            let root = try context.bytes.ref(stored, "link list", from: tree.leafRef)
            var links: [StoredValue] = []
            for targetRow in try CollectionDecoder(context: context).backlinkKeys(root: root) {
                links.append(.link(try link(targetRow, target, keys, at: root)))
            }
            return .list(links)
        case .backlink(var tree, let origin, let keys):
            defer { reader = .backlink(tree, origin: origin, keys: keys) }
            let stored = UInt64(bitPattern: try tree.integer(at: row, context))
            if stored == 0 { return .list([]) }
            var rows: [Int64]
            if stored & 1 == 1 {
                rows = [Int64(bitPattern: stored >> 1)]
            } else {
                rows = try CollectionDecoder(context: context).backlinkKeys(
                    root: try context.bytes.ref(stored, "backlink list", from: tree.leafRef))
            }
            var originKeys: [Int64] = []
            originKeys.reserveCapacity(rows.count)
            for originRow in rows {
                originKeys.append(try link(originRow, origin, keys, at: tree.leafRef).key.rawValue)
            }
            return .list(originKeys.sorted().map { .link(StoredObjectLink(table: origin, key: StoredObjectKey($0))) })
        case .list(var tree, let scalar):
            defer { reader = .list(tree, scalar) }
            let stored = UInt64(bitPattern: try tree.integer(at: row, context))
            if stored == 0 { return .list([]) }
            let columns = try context.bytes.refArray(
                at: try context.bytes.ref(stored, "list subtable", from: tree.leafRef), "list subtable")
            guard let root = try context.bytes.optionalRef(columns, 0, "list subtable column") else {
                return .list([])
            }
            var elements = try LegacyScalarReader(context, root: root, scalar: scalar)
            var result: [StoredValue] = []
            result.reserveCapacity(elements.count)
            for index in 0..<elements.count { result.append(try elements.value(at: index, context)) }
            return .list(result)
        }
    }

    /// The link to row `row` of the table `table`, whose keys `keys` gives.
    private func link(_ row: Int64, _ table: StoredTableKey, _ keys: LegacyTableLayout, at offset: Int)
        throws(RealmFileError) -> StoredObjectLink
    {
        guard let index = Int(exactly: row), index >= 0, index < keys.rowCount else {
            throw RealmFileError(
                .corruptNode, offset: offset, context: "link to row \(row) of a \(keys.rowCount)-row table")
        }
        return StoredObjectLink(table: table, key: StoredObjectKey(keys.key(ofRow: index)))
    }
}
