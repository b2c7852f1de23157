/// Reads the rows of one format 2–9 table as objects, the way realm-core 6 presents them once it has upgraded the
/// file (`Table::migrate_objects` and `Table::migrate_links` at v6.2.4): links and backlinks name object keys
/// instead of row indices, link lists keep their order, backlinks are in ascending origin-key order (the order the
/// upgrade adds them in), lists of primitives come from one-column subtables.
///
/// Made per cursor (it keeps the leaf each column read last decoded), not shared between threads.
final class LegacyRows {
    /// How one column is read. A flat struct kept in an array and used in place, so that reading a value copies
    /// no decoder state (an enum with payloads would copy its payload on every match).
    private struct Reader {
        enum Role {
            case scalar
            /// Indices (`tree`) into `values`.
            case enumerated
            /// Integer columns (`tree`) whose values are row indices or refs; `keys` maps the other table's rows.
            case link, linkList, backlink
            /// Refs (`tree`) of one-column subtables of `element`s.
            case list
            /// A column the caller did not ask for: null.
            case skipped
            /// A backlink column the caller asked not to read: an empty list.
            case skippedBacklinks
        }

        let role: Role
        var scalar: LegacyScalarReader? = nil
        var tree: LegacyTree? = nil
        var values: [StoredValue] = []
        var table = StoredTableKey(0)
        var keys: LegacyTableLayout? = nil
        var element: LegacyScalar? = nil
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
                readers.append(Reader(role: .skipped))
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
        func other(_ role: Reader.Role, _ slot: Int) throws(RealmFileError) -> Reader {
            guard let raw = UInt32(exactly: slot), case let key = StoredTableKey(raw),
                let position = group.position(of: key),
                let legacy = group.tables[position].legacy
            else {
                throw RealmFileError(
                    .corruptNode, offset: column.root, context: "link to table \(slot), not in the file")
            }
            return Reader(role: role, tree: try integers(), table: key, keys: legacy)
        }
        func integers() throws(RealmFileError) -> LegacyTree {
            try LegacyTree(context, root: column.root, kind: .int(nullable: false))
        }
        switch column.storage {
        case .scalar(let scalar):
            return Reader(role: .scalar, scalar: try LegacyScalarReader(context, root: column.root, scalar: scalar))
        case .enumerated(let nullable, let valuesRoot):
            var values = try LegacyScalarReader(context, root: valuesRoot, scalar: .string(nullable: nullable))
            var distinct: [StoredValue] = []
            distinct.reserveCapacity(values.count)
            for index in 0..<values.count { distinct.append(try values.value(at: index, context)) }
            return Reader(role: .enumerated, tree: try integers(), values: distinct)
        case .link(let slot):
            return try other(.link, slot)
        case .linkList(let slot):
            return try other(.linkList, slot)
        case .backlink(let slot):
            if skippingBacklinks { return Reader(role: .skippedBacklinks) }
            return try other(.backlink, slot)
        case .list(let scalar):
            return Reader(role: .list, tree: try integers(), element: scalar)
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
            return try read(index, row)
        } catch {
            throw error.located(table: layout.table.name, column: layout.columns[index].column.name)
        }
    }

    /// Reads in place: `readers[index]` is never copied.
    private func read(_ index: Int, _ row: Int) throws(RealmFileError) -> StoredValue {
        switch readers[index].role {
        case .skipped:
            return .null
        case .skippedBacklinks:
            return .list([])
        case .scalar:
            return try readers[index].scalar?.value(at: row, context) ?? .null
        case .enumerated:
            let stored = try readers[index].tree?.integer(at: row, context) ?? 0
            guard let position = Int(exactly: stored), readers[index].values.indices.contains(position) else {
                throw RealmFileError(
                    .corruptNode, offset: readers[index].tree?.leafRef ?? 0,
                    context: "enumerated string index \(stored)")
            }
            return readers[index].values[position]
        case .link:
            let stored = try readers[index].tree?.integer(at: row, context) ?? 0
            if stored == 0 { return .null }
            return .link(
                try link(stored &- 1, readers[index].table, readers[index].keys, at: readers[index].tree?.leafRef ?? 0))
        case .linkList:
            let stored = UInt64(bitPattern: try readers[index].tree?.integer(at: row, context) ?? 0)
            if stored == 0 { return .list([]) }
            let root = try context.bytes.ref(stored, "link list", from: readers[index].tree?.leafRef ?? 0)
            let rows = try CollectionDecoder(context: context).backlinkKeys(root: root)
            let (target, keys) = (readers[index].table, readers[index].keys)
            var links: [StoredValue] = []
            links.reserveCapacity(rows.count)
            for targetRow in rows { links.append(.link(try link(targetRow, target, keys, at: root))) }
            return .list(links)
        case .backlink:
            let stored = UInt64(bitPattern: try readers[index].tree?.integer(at: row, context) ?? 0)
            if stored == 0 { return .list([]) }
            let leaf = readers[index].tree?.leafRef ?? 0
            let rows: [Int64]
            if stored & 1 == 1 {
                rows = [Int64(bitPattern: stored >> 1)]
            } else {
                rows = try CollectionDecoder(context: context).backlinkKeys(
                    root: try context.bytes.ref(stored, "backlink list", from: leaf))
            }
            let (origin, keys) = (readers[index].table, readers[index].keys)
            var originKeys: [Int64] = []
            originKeys.reserveCapacity(rows.count)
            for originRow in rows { originKeys.append(try link(originRow, origin, keys, at: leaf).key.rawValue) }
            return .list(originKeys.sorted().map { .link(StoredObjectLink(table: origin, key: StoredObjectKey($0))) })
        case .list:
            let stored = UInt64(bitPattern: try readers[index].tree?.integer(at: row, context) ?? 0)
            guard stored != 0, let element = readers[index].element else { return .list([]) }
            let leaf = readers[index].tree?.leafRef ?? 0
            let columns = try context.bytes.refArray(
                at: try context.bytes.ref(stored, "list subtable", from: leaf), "list subtable")
            guard let root = try context.bytes.optionalRef(columns, 0, "list subtable column") else {
                return .list([])
            }
            var elements = try LegacyScalarReader(context, root: root, scalar: element)
            var result: [StoredValue] = []
            result.reserveCapacity(elements.count)
            for position in 0..<elements.count { result.append(try elements.value(at: position, context)) }
            return .list(result)
        }
    }

    /// The link to row `row` of `table`, whose rows `keys` gives the keys of.
    private func link(_ row: Int64, _ table: StoredTableKey, _ keys: LegacyTableLayout?, at offset: Int)
        throws(RealmFileError) -> StoredObjectLink
    {
        let count = keys?.rowCount ?? 0
        guard let keys, let index = Int(exactly: row), index >= 0, index < count else {
            throw RealmFileError(.corruptNode, offset: offset, context: "link to row \(row) of a \(count)-row table")
        }
        return StoredObjectLink(table: table, key: StoredObjectKey(keys.key(ofRow: index)))
    }
}
