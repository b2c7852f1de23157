import RealmSchema

/// One table of a Realm file as the engine sees it: every column, including hidden backlink columns,
/// and internal tables such as `metadata` or `pk`. The SDK-level view is `RealmFileReader.schema`.
public struct StoredTable: Hashable, Sendable {
    /// What kind of objects the table holds.
    public enum Kind: String, Hashable, Sendable {
        case topLevel = "TopLevel"
        case embedded = "Embedded"
        case topLevelAsymmetric = "TopLevelAsymmetric"
    }

    /// The table's key, used by links and typed links.
    public var key: StoredTableKey
    /// The name as stored (`class_Track`, `metadata`, …).
    public var name: String
    /// Top-level, embedded or asymmetric.
    public var kind: Kind
    /// All columns in the engine's column order (public columns first, then backlink columns).
    public var columns: [StoredColumn]
    /// The index into `columns` of the primary-key column, if the table has one.
    public var primaryKeyColumnIndex: Int?
    /// The number of live objects (tombstones excluded).
    public var objectCount: Int

    /// Creates a table description (the reader makes these; tests and tools may too).
    public init(
        key: StoredTableKey, name: String, kind: Kind, columns: [StoredColumn], primaryKeyColumnIndex: Int?,
        objectCount: Int
    ) {
        self.key = key
        self.name = name
        self.kind = kind
        self.columns = columns
        self.primaryKeyColumnIndex = primaryKeyColumnIndex
        self.objectCount = objectCount
    }

    /// The class name an SDK user sees: the name without the `class_` prefix, or `nil` for internal tables.
    public var className: String? {
        name.hasPrefix("class_") ? String(name.dropFirst("class_".count)) : nil
    }

    /// The column named `name`, if any.
    public func column(named name: String) -> StoredColumn? { columns.first { $0.name == name } }
}

/// One column of a table.
public struct StoredColumn: Hashable, Sendable {
    /// The stored type of a column (`ColumnType` in the engine).
    public enum ValueType: String, Hashable, Sendable {
        case int, bool, string, binary, mixed, timestamp, float, double, decimal128, objectId, uuid
        /// A to-one link, or the element type of a link list/set/dictionary.
        case link
        /// A hidden backlink column (the storage behind `LinkingObjects`).
        case backlink
        case typedLink
    }

    /// The 64-bit column key as stored (index, type, attributes and tag packed together).
    public var key: UInt64
    /// The column name (the property name for SDK tables).
    public var name: String
    /// The stored type (of each element, for collections).
    public var type: ValueType
    /// Whether the value (or each element) may be null.
    public var isNullable: Bool
    /// Single value, list, set or dictionary.
    public var collection: CollectionKind
    /// Whether the column has a search index.
    public var isIndexed: Bool
    /// Whether the column has a full-text index.
    public var isFullTextIndexed: Bool
    /// For links and backlinks: the table the column points into.
    public var targetTable: StoredTableKey?
    /// For backlinks: the key of the forward link column in `targetTable` this column mirrors.
    public var originColumnKey: UInt64?

    /// Creates a column description.
    public init(
        key: UInt64, name: String, type: ValueType, isNullable: Bool, collection: CollectionKind,
        isIndexed: Bool, isFullTextIndexed: Bool, targetTable: StoredTableKey?, originColumnKey: UInt64?
    ) {
        self.key = key
        self.name = name
        self.type = type
        self.isNullable = isNullable
        self.collection = collection
        self.isIndexed = isIndexed
        self.isFullTextIndexed = isFullTextIndexed
        self.targetTable = targetTable
        self.originColumnKey = originColumnKey
    }
}

/// One object read from a table: its key and the value of every column, aligned with `StoredTable.columns`.
/// A backlink column's value is a `.list` of `.link`s to the objects that link here.
public struct StoredObject: Hashable, Sendable {
    /// The object's key in its table.
    public var key: StoredObjectKey
    /// One value per column of the table, in column order.
    public var values: [StoredValue]
    /// Creates an object from its key and column values.
    public init(key: StoredObjectKey, values: [StoredValue]) {
        self.key = key
        self.values = values
    }
}
