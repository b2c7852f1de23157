import RealmSchema

/// Everything the reader knows about one column: the public description plus where and how its values are stored.
struct ColumnLayout: Sendable {
    /// The public description.
    var column: StoredColumn
    /// The column's slot in every cluster (slot `1 + leafIndex`) and index into the table's per-leaf arrays.
    let leafIndex: Int
    /// How each value (or collection element) is encoded; `nil` for backlink columns.
    let leafKind: LeafKind?
    /// Dictionary keys are strings (the only kind SDKs create) rather than integers.
    let dictionaryKeysAreStrings: Bool
    /// The distinct-values leaf of an enumerated string column.
    let enumValuesRef: Int?

    var isBacklink: Bool { column.type == .backlink }
}

/// Everything the reader knows about one table: the public description plus where its objects are.
struct TableLayout: Sendable {
    /// The public description.
    var table: StoredTable
    /// The table's slot in the group's table list (the low 16 bits of its key).
    let slot: Int
    /// The root of the object cluster tree, or `nil` for a table without one.
    let clusterRoot: Int?
    /// The columns, aligned with `table.columns`.
    var columns: [ColumnLayout]
    /// Formats 2–9: the table's rows, read column by column (`clusterRoot` is then `nil`).
    var legacy: LegacyTableLayout? = nil
}

/// Column type codes as stored in ColKeys and specs (realm-file-format.md §4.2).
enum ColumnTypeCode {
    static let int = 0
    static let bool = 1
    static let string = 2
    static let binary = 4
    static let mixed = 6
    static let timestamp = 8
    static let float = 9
    static let double = 10
    static let decimal = 11
    static let link = 12
    static let linkList = 13
    static let backlink = 14
    static let objectId = 15
    static let typedLink = 16
    static let uuid = 17
}

/// Column attribute bits (realm-file-format.md §4.2).
enum ColumnAttribute {
    static let nullable: UInt64 = 16
    static let list: UInt64 = 32
    static let dictionary: UInt64 = 64
    static let set: UInt64 = 128
    static let fullText: Int64 = 256
}

extension TableLayout {
    /// Reads a table's top array and spec (realm-file-format.md §4) in a file of format `fileFormat`.
    init(_ bytes: FileBytes, ref: Int, slot: Int, name: String, fileFormat: Int) throws(RealmFileError) {
        let top = try bytes.refArray(at: ref, "table top")
        guard top.size >= 3 else {
            throw RealmFileError(.corruptNode, offset: ref, context: "table top with \(top.size) slots")
        }
        guard let specRef = try bytes.optionalRef(top, 0, "table spec") else {
            throw RealmFileError(.corruptNode, offset: ref, context: "table without spec")
        }
        let clusterRoot = try bytes.optionalRef(top, 2, "table cluster tree")
        let rawKey = try bytes.optionalTagged(top, 3, "table key") ?? 0
        guard let keyValue = UInt32(exactly: rawKey), Int(keyValue & 0xFFFF) == slot else {
            throw RealmFileError(.corruptNode, offset: ref, context: "table key \(rawKey) in slot \(slot)")
        }
        let searchIndexes = try bytes.optionalRef(top, 4, "search indexes").map { (r: Int) throws(RealmFileError) in
            try bytes.refArray(at: r, "search indexes")
        }
        let oppositeTables = try bytes.optionalRef(top, 7, "opposite tables").map { (r: Int) throws(RealmFileError) in
            try bytes.integerArray(at: r, "opposite tables")
        }
        let oppositeColumns = try bytes.optionalRef(top, 8, "opposite columns").map { (r: Int) throws(RealmFileError) in
            try bytes.integerArray(at: r, "opposite columns")
        }
        let primaryKey = try bytes.optionalTagged(top, 11, "primary key column")
        let flags = try bytes.optionalTagged(top, 12, "table flags") ?? 0
        let kind: StoredTable.Kind
        switch flags & 3 {
        case 0: kind = .topLevel
        case 1: kind = .embedded
        case 2: kind = .topLevelAsymmetric
        default: throw RealmFileError(.corruptNode, offset: ref, context: "table type \(flags & 3)")
        }

        let spec = try SpecReader(bytes, at: specRef)
        let capabilities = FormatCapabilities(fileFormat: fileFormat)
        var columns: [ColumnLayout] = []
        columns.reserveCapacity(spec.count)
        for index in 0..<spec.count {
            let entry = try spec.entry(index)
            try capabilities.check(entry, fileFormat: fileFormat, specRef: specRef)
            var target: StoredTableKey? = nil
            var originColumn: UInt64? = nil
            if entry.typeCode == ColumnTypeCode.link || entry.typeCode == ColumnTypeCode.linkList
                || entry.typeCode == ColumnTypeCode.backlink
            {
                guard let oppositeTables, entry.leafIndex < oppositeTables.size else {
                    throw RealmFileError(
                        .corruptNode, offset: ref, context: "link column \"\(entry.name)\" without target table")
                }
                let raw = try bytes.integer(oppositeTables, entry.leafIndex)
                guard let targetKey = UInt32(exactly: raw), targetKey != 0x7FFF_FFFF else {
                    throw RealmFileError(.corruptNode, offset: oppositeTables.ref, context: "link target table \(raw)")
                }
                target = StoredTableKey(targetKey)
                if entry.typeCode == ColumnTypeCode.backlink, let oppositeColumns,
                    entry.leafIndex < oppositeColumns.size
                {
                    originColumn = UInt64(bitPattern: try bytes.integer(oppositeColumns, entry.leafIndex))
                }
            }
            var hasIndex = false
            if let searchIndexes, entry.leafIndex < searchIndexes.size {
                hasIndex = try bytes.slot(searchIndexes, entry.leafIndex) != 0
            }
            let isPrimaryKey = primaryKey == entry.key
            let isFullText = hasIndex && entry.specAttributes & ColumnAttribute.fullText != 0
            let column = StoredColumn(
                key: entry.key, name: entry.name, type: try entry.valueType(at: specRef),
                isNullable: entry.attributes & ColumnAttribute.nullable != 0, collection: entry.collection,
                isIndexed: (hasIndex && !isFullText) || isPrimaryKey, isFullTextIndexed: isFullText,
                targetTable: target, originColumnKey: originColumn)
            columns.append(
                ColumnLayout(
                    column: column, leafIndex: entry.leafIndex, leafKind: Self.leafKind(column),
                    dictionaryKeysAreStrings: entry.dictionaryKeyType != ColumnTypeCode.int,
                    enumValuesRef: entry.enumValuesRef))
        }
        var primaryKeyIndex: Int? = nil
        if let primaryKey {
            guard let position = columns.firstIndex(where: { $0.column.key == primaryKey }) else {
                throw RealmFileError(
                    .corruptNode, offset: ref, context: "primary key column \(primaryKey) not in the table")
            }
            primaryKeyIndex = position
        }
        let objectCount = try clusterRoot.map { (root: Int) throws(RealmFileError) in
            try ClusterTree(bytes: bytes, root: root).objectCount()
        }
        self.init(
            table: StoredTable(
                key: StoredTableKey(keyValue), name: name, kind: kind, columns: columns.map(\.column),
                primaryKeyColumnIndex: primaryKeyIndex, objectCount: objectCount ?? 0),
            slot: slot, clusterRoot: clusterRoot, columns: columns)
    }

    /// The leaf encoding of a column's values or elements.
    private static func leafKind(_ column: StoredColumn) -> LeafKind? {
        let nullable = column.isNullable
        switch column.type {
        case .int: return .int(nullable: nullable)
        case .bool: return .bool
        case .string: return .string
        case .binary: return .binary
        case .mixed: return .mixed
        case .timestamp: return .timestamp
        case .float: return .float(nullable: nullable)
        case .double: return .double(nullable: nullable)
        case .decimal128: return .decimal
        case .objectId: return .objectId
        case .uuid: return .uuid
        case .typedLink: return .typedLink
        case .link:
            return .link(
                target: column.targetTable ?? MixedLeaf.unknownTable, storedPlusOne: column.collection == .single)
        case .backlink: return nil
        }
    }
}
