import RealmSchema

/// Builds the tables of a file of format 2–9 (realm-core 5 and older) as realm-core 6 sees them once it has
/// upgraded the file to format 10 (`Transaction::upgrade_file_format` in `group.cpp` at v6.2.4): the object store's
/// `pk` table becomes each table's primary-key column and disappears, string enum columns become string columns,
/// one-column subtables become lists, links become nullable, and rows get object keys.
enum LegacyGroup {
    /// A table read from the file, before primary keys and backlinks are resolved.
    private struct Draft {
        let slot: Int
        let name: String
        let specRef: Int
        var columns: [StoredColumn]
        var legacy: LegacyTableLayout
        /// Backlink columns: the origin table's slot and the origin column's position.
        let origins: [Int: (slot: Int, column: Int)]
    }

    /// The tables listed by the group's `names` and `tableRefs`.
    static func tables(
        _ bytes: FileBytes, names: BlobLeaf, tableRefs: Node, fileFormat: Int
    ) throws(RealmFileError) -> [TableLayout] {
        let context = DecodingContext(bytes: bytes, fileFormat: fileFormat)
        var drafts: [Draft] = []
        var seen: Set<Int> = []
        for slot in 0..<tableRefs.size {
            let value = try bytes.slot(tableRefs, slot)
            if value == 0 || value & 1 == 1 { continue }
            let name = try names.string(at: slot, bytes) ?? ""
            let ref = try bytes.ref(value, "table top", from: tableRefs.ref)
            guard seen.insert(ref).inserted else {
                throw RealmFileError(.cycle, offset: ref, context: "table top shared by two tables", table: name)
            }
            do {
                drafts.append(try draft(bytes, context, ref: ref, slot: slot, name: name))
            } catch {
                throw error.located(table: name)
            }
        }
        let primaryKeys = try primaryKeyColumns(drafts, context)
        var layouts: [TableLayout] = []
        for var draft in drafts where draft.name != "pk" {
            var primaryKeyIndex: Int? = nil
            if let property = primaryKeys[draft.name],
                let index = draft.columns.firstIndex(where: { $0.name == property && $0.type != .backlink })
            {
                primaryKeyIndex = index
                draft.columns[index].isIndexed = true
                if draft.columns[index].type == .string {
                    do {
                        draft.legacy = try draft.legacy.keyed(
                            by: try hashedKeys(draft, column: index, context), at: draft.specRef)
                    } catch {
                        throw error.located(table: draft.name, column: property)
                    }
                }
            }
            for (index, origin) in draft.origins {
                guard let originDraft = drafts.first(where: { $0.slot == origin.slot }),
                    originDraft.columns.indices.contains(origin.column)
                else {
                    throw RealmFileError(
                        .corruptNode, offset: draft.specRef, context: "backlink column \(index) without its origin",
                        table: draft.name)
                }
                draft.columns[index].originColumnKey = originDraft.columns[origin.column].key
            }
            let table = StoredTable(
                key: StoredTableKey(UInt32(truncatingIfNeeded: draft.slot)), name: draft.name, kind: .topLevel,
                columns: draft.columns, primaryKeyColumnIndex: primaryKeyIndex, objectCount: draft.legacy.rowCount)
            layouts.append(
                TableLayout(
                    table: table, slot: draft.slot, clusterRoot: nil,
                    columns: draft.columns.enumerated().map { index, column in
                        ColumnLayout(
                            column: column, leafIndex: index, leafKind: nil, dictionaryKeysAreStrings: true,
                            enumValuesRef: nil)
                    }, legacy: draft.legacy))
        }
        return layouts
    }

    /// Reads one table: `[spec, columns]`, where every indexed column's search index follows it in `columns`
    /// (`Spec::get_column_ndx_in_parent` at v5.23.9).
    private static func draft(
        _ bytes: FileBytes, _ context: DecodingContext, ref: Int, slot: Int, name: String
    ) throws(RealmFileError) -> Draft {
        let top = try bytes.refArray(at: ref, "table top")
        guard top.size >= 2 else {
            throw RealmFileError(.corruptNode, offset: ref, context: "format 2–9 table top with \(top.size) slots")
        }
        let specRef = try bytes.ref(try bytes.slot(top, 0), "table spec", from: ref)
        let spec = try LegacySpec(bytes, at: specRef)
        let columnRefs = try bytes.refArray(
            at: try bytes.ref(try bytes.slot(top, 1), "table columns", from: ref), "table columns")
        var columns: [StoredColumn] = []
        var legacyColumns: [LegacyColumn] = []
        var origins: [Int: (slot: Int, column: Int)] = [:]
        var rowCount: Int? = nil
        var position = 0
        var usedNames: Set<String> = []
        for (index, entry) in spec.entries.enumerated() {
            guard position < columnRefs.size else {
                throw RealmFileError(
                    .corruptNode, offset: columnRefs.ref, context: "no column ref for column \(index) of \(name)")
            }
            let root = try bytes.ref(try bytes.slot(columnRefs, position), "column \(index)", from: columnRefs.ref)
            position += entry.isIndexed ? 2 : 1
            let (storage, type, attributes) = try self.storage(entry, bytes, specRef: specRef)
            let column = LegacyColumn(storage: storage, root: root)
            let count = try self.count(column, context)
            if let rowCount, rowCount != count {
                throw RealmFileError(
                    .corruptNode, offset: root, context: "column \(index) has \(count) rows, column 0 \(rowCount)")
            }
            rowCount = count
            // realm-core 6 names unnamed columns `col_<n>` and renames a repeated name `<name>_<n>`
            // (`Spec::convert_column_attributes` at v6.2.4).
            var columnName = entry.name
            if type.value != .backlink {
                if columnName.isEmpty {
                    columnName = "col_\(index)"
                } else if usedNames.contains(columnName) {
                    columnName = "\(columnName)_\(index)"
                }
                usedNames.insert(columnName)
            }
            if case .backlink = storage, let originSlot = entry.oppositeTable, let originColumn = entry.originColumn {
                origins[index] = (originSlot, originColumn)
            }
            var target: StoredTableKey? = nil
            if let opposite = entry.oppositeTable { target = StoredTableKey(UInt32(truncatingIfNeeded: opposite)) }
            // realm-core 6 first keys column n as plain n (an Int column without attributes), then rekeys every
            // column whose type or attributes differ, with the table key as tag (`Spec::init`,
            // `Spec::update_colkey` at v6.2.4).
            var key = UInt64(index)
            if type.code != ColumnTypeCode.int || attributes != 0 {
                key |= UInt64(type.code) << 16 | attributes << 22 | UInt64(UInt32(truncatingIfNeeded: slot)) << 30
            }
            columns.append(
                StoredColumn(
                    key: key, name: columnName, type: type.value,
                    isNullable: attributes & ColumnAttribute.nullable != 0,
                    collection: attributes & ColumnAttribute.list != 0 ? .list : .single, isIndexed: entry.isIndexed,
                    isFullTextIndexed: false, targetTable: target, originColumnKey: nil))
            legacyColumns.append(column)
        }
        let legacy = LegacyTableLayout(
            rowCount: rowCount ?? 0, columns: legacyColumns, rowKeys: nil, order: nil, rowsByKey: nil)
        return Draft(
            slot: slot, name: name, specRef: specRef, columns: columns, legacy: legacy, origins: origins)
    }

    /// A column type as realm-core 6 keys it (code) and as the reader presents it (value).
    fileprivate struct UpgradedType {
        let code: Int
        let value: StoredColumn.ValueType
        static let backlink = UpgradedType(code: ColumnTypeCode.backlink, value: .backlink)
    }

    /// How a spec entry's values are stored, and the type and ColKey attributes the upgraded column has.
    private static func storage(
        _ entry: LegacySpec.Entry, _ bytes: FileBytes, specRef: Int
    ) throws(RealmFileError) -> (LegacyColumn.Storage, UpgradedType, UInt64) {
        let nullable = entry.isNullable
        // The stored attributes without Indexed and Unique, which realm-core 6 keeps out of ColKeys
        // (`Spec::update_colkey`), plus what its upgrade adds.
        let stored = UInt64(truncatingIfNeeded: entry.attributes) & 0xFF & ~3
        typealias Code = LegacySpec.TypeCode
        switch entry.typeCode {
        case Code.stringEnum:
            guard let valuesRoot = entry.enumKeysRef else {
                throw RealmFileError(.corruptNode, offset: specRef, context: "enumerated column without values")
            }
            return (
                .enumerated(nullable: nullable, valuesRoot: valuesRoot),
                UpgradedType(code: ColumnTypeCode.string, value: .string), stored
            )
        case Code.link:
            return (
                .link(targetSlot: entry.oppositeTable ?? -1), UpgradedType(code: ColumnTypeCode.link, value: .link),
                stored | ColumnAttribute.nullable
            )
        case Code.linkList:
            return (
                .linkList(targetSlot: entry.oppositeTable ?? -1),
                UpgradedType(code: ColumnTypeCode.linkList, value: .link), stored | ColumnAttribute.list
            )
        case Code.backlink:
            return (.backlink(originSlot: entry.oppositeTable ?? -1), .backlink, stored)
        case Code.table:
            guard let subspecRef = entry.subspecRef else {
                throw RealmFileError(.corruptNode, offset: specRef, context: "subtable column without its spec")
            }
            let subspec = try LegacySpec(bytes, at: subspecRef)
            guard subspec.entries.count == 1, let element = subspec.entries.first,
                let scalar = try scalar(element, specRef: subspecRef)
            else {
                throw RealmFileError(
                    .corruptNode, offset: subspecRef,
                    context: "subtable column \"\(entry.name)\" with \(subspec.entries.count) columns: only "
                        + "one-column subtables (lists of primitives) are read, as realm-core 6 upgrades only those")
            }
            let elementAttributes = UInt64(truncatingIfNeeded: element.attributes) & 0xFF & ~3
            return (.list(scalar), UpgradedType(scalar), stored | elementAttributes | ColumnAttribute.list)
        default:
            guard let scalar = try scalar(entry, specRef: specRef) else {
                throw RealmFileError(.corruptNode, offset: specRef, context: "column \"\(entry.name)\" of unknown type")
            }
            return (.scalar(scalar), UpgradedType(scalar), stored)
        }
    }

    /// The scalar storage of a spec entry, or `nil` for a column that is not a scalar.
    private static func scalar(_ entry: LegacySpec.Entry, specRef: Int) throws(RealmFileError) -> LegacyScalar? {
        let nullable = entry.isNullable
        typealias Code = LegacySpec.TypeCode
        switch entry.typeCode {
        case Code.int: return .int(nullable: nullable)
        case Code.bool: return .bool(nullable: nullable)
        case Code.float: return .float(nullable: nullable)
        case Code.double: return .double(nullable: nullable)
        case Code.string: return .string(nullable: nullable)
        case Code.binary: return .binary(nullable: nullable)
        case Code.timestamp: return .timestamp
        case Code.oldDateTime: return .oldDateTime(nullable: nullable)
        case Code.mixed:
            throw RealmFileError(
                .corruptNode, offset: specRef,
                context: "column \"\(entry.name)\" of the pre-2020 Mixed type, which no Realm SDK wrote and "
                    + "realm-core 6 does not upgrade")
        default: return nil
        }
    }

    /// The number of rows column `column` holds.
    private static func count(_ column: LegacyColumn, _ context: DecodingContext) throws(RealmFileError) -> Int {
        switch column.storage {
        case .scalar(let scalar):
            return try LegacyScalarReader(context, root: column.root, scalar: scalar).count
        case .enumerated, .link, .linkList, .backlink, .list:
            return try LegacyTree(context, root: column.root, kind: .int(nullable: false)).count
        }
    }

    /// The object store's `pk` table (`pk_table`, `pk_property`): the primary-key property of each class, by
    /// table name (`Group::get_primary_key_columns_from_pk_table` at v6.2.4).
    private static func primaryKeyColumns(
        _ drafts: [Draft], _ context: DecodingContext
    ) throws(RealmFileError) -> [String: String] {
        guard let pk = drafts.first(where: { $0.name == "pk" }),
            let tableColumn = pk.columns.firstIndex(where: { $0.name == "pk_table" && $0.type == .string }),
            let propertyColumn = pk.columns.firstIndex(where: { $0.name == "pk_property" && $0.type == .string })
        else { return [:] }
        var result: [String: String] = [:]
        do {
            var tables = try reader(pk, column: tableColumn, context)
            var properties = try reader(pk, column: propertyColumn, context)
            for row in 0..<pk.legacy.rowCount {
                guard case .string(let table) = try tables.value(at: row, context),
                    case .string(let property) = try properties.value(at: row, context)
                else { continue }
                result["class_" + table] = property
            }
        } catch {
            throw error.located(table: "pk")
        }
        return result
    }

    /// A reader of a scalar or enumerated string column of `draft`, as plain strings.
    private static func reader(
        _ draft: Draft, column: Int, _ context: DecodingContext
    ) throws(RealmFileError) -> LegacyStringColumn {
        try LegacyStringColumn(draft.legacy.columns[column], context)
    }

    /// The object keys realm-core 6 gives the rows of a table whose primary key (column `column`) is a String:
    /// the low 62 bits of the first 8 bytes of the SHA-1 of the key (`GlobalKey(Mixed)`,
    /// `get_optimistic_local_id_hashed` at v6.2.4); a null key is `GlobalKey{1, 0}`, so 0.
    private static func hashedKeys(
        _ draft: Draft, column: Int, _ context: DecodingContext
    ) throws(RealmFileError) -> [Int64] {
        var values = try reader(draft, column: column, context)
        var keys: [Int64] = []
        keys.reserveCapacity(draft.legacy.rowCount)
        for row in 0..<draft.legacy.rowCount {
            guard case .string(let text) = try values.value(at: row, context) else {
                keys.append(0)
                continue
            }
            keys.append(Int64(SHA1.lowWord(of: Array(text.utf8)) & 0x3FFF_FFFF_FFFF_FFFF))
        }
        return keys
    }
}

/// The values of a string column of a format 2–9 table, plain or enumerated.
private struct LegacyStringColumn {
    private var plain: LegacyScalarReader?
    private var indices: LegacyTree?
    private var values: [StoredValue] = []

    init(_ column: LegacyColumn, _ context: DecodingContext) throws(RealmFileError) {
        switch column.storage {
        case .enumerated(let nullable, let valuesRoot):
            var distinct = try LegacyScalarReader(context, root: valuesRoot, scalar: .string(nullable: nullable))
            for index in 0..<distinct.count { values.append(try distinct.value(at: index, context)) }
            indices = try LegacyTree(context, root: column.root, kind: .int(nullable: false))
        case .scalar(let scalar):
            plain = try LegacyScalarReader(context, root: column.root, scalar: scalar)
        default:
            break
        }
    }

    mutating func value(at row: Int, _ context: DecodingContext) throws(RealmFileError) -> StoredValue {
        if var plain {
            defer { self.plain = plain }
            return try plain.value(at: row, context)
        }
        guard var indices else { return .null }
        defer { self.indices = indices }
        let index = try indices.integer(at: row, context)
        guard let position = Int(exactly: index), values.indices.contains(position) else {
            throw RealmFileError(.corruptNode, offset: indices.leafRef, context: "enumerated string index \(index)")
        }
        return values[position]
    }
}

extension LegacyGroup.UpgradedType {
    init(_ scalar: LegacyScalar) {
        switch scalar {
        case .int: self.init(code: ColumnTypeCode.int, value: .int)
        case .bool: self.init(code: ColumnTypeCode.bool, value: .bool)
        case .float: self.init(code: ColumnTypeCode.float, value: .float)
        case .double: self.init(code: ColumnTypeCode.double, value: .double)
        case .string: self.init(code: ColumnTypeCode.string, value: .string)
        case .binary: self.init(code: ColumnTypeCode.binary, value: .binary)
        case .timestamp, .oldDateTime: self.init(code: ColumnTypeCode.timestamp, value: .timestamp)
        }
    }
}
