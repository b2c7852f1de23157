import RealmSchema

extension RealmFileReader {
    /// Tables that hold Realm's own bookkeeping rather than user objects.
    static let internalTableNames: Set<String> = ["metadata", "pk"]

    /// Every table that holds user objects: the `class_` tables the Realm SDKs write, and tables written through
    /// realm-core directly (no prefix), except Realm's bookkeeping tables (`metadata`, `pk`) and sync's `!`-prefixed
    /// ones. `schema` describes the `class_` tables only; a migration copies all of these.
    public var objectTables: [StoredTable] {
        tables.filter { $0.className != nil || !(Self.internalTableNames.contains($0.name) || $0.name.hasPrefix("!")) }
    }

    /// How `table` reads as a neutral class: the one mapping from the reader's tables to `RealmSchema`, used by
    /// `schema` and by every adapter (migration, code generation).
    ///
    /// The class is named without the `class_` prefix (a table without one keeps its stored name). There is one
    /// property per column, in column order, so `properties[i]` describes `table.columns[i]`. A backlink column is a
    /// `.linkingObjects` list named `@links.<OriginClass>.<originProperty>`. A link's `objectClassName` is its target
    /// class; a typed link (`col_type_TypedLink`, which may point into any table) is an `.object` with no
    /// `objectClassName`, as realm-core's object store presents it. The primary key is the name of the column at
    /// `table.primaryKeyColumnIndex` (realm-file-format.md §7).
    /// - Parameter table: a table of this file.
    /// - Returns: the class with its properties, kind and primary key.
    public func objectSchema(of table: StoredTable) -> ObjectSchema {
        Self.objectSchema(of: table, in: group)
    }

    /// The SDK view of the tables (realm-file-format.md §7): `class_` tables only, mapped by `objectSchema(of:in:)`.
    static func makeSchema(_ group: GroupLayout, version: UInt64?) -> Schema {
        let classes = group.tables.map(\.table).filter { $0.className != nil }.map { objectSchema(of: $0, in: group) }
        return Schema(version: version, objectTypes: classes)
    }

    private static func objectSchema(of table: StoredTable, in group: GroupLayout) -> ObjectSchema {
        var properties: [Property] = []
        for column in table.columns {
            let target = column.targetTable.flatMap { group.position(of: $0) }.map { group.tables[$0].table }
            let targetName = target.map { $0.className ?? $0.name }
            if column.type == .backlink {
                let originName = target?.columns.first { $0.key == column.originColumnKey }?.name
                properties.append(
                    Property(
                        name: "@links.\(targetName ?? "?").\(originName ?? "?")", type: .linkingObjects,
                        collection: .list, objectClassName: targetName, linkOriginPropertyName: originName))
                continue
            }
            properties.append(
                Property(
                    name: column.name, type: propertyType(column.type), isOptional: column.isNullable,
                    collection: column.collection, objectClassName: column.type == .link ? targetName : nil,
                    isIndexed: column.isIndexed, isFullTextIndexed: column.isFullTextIndexed))
        }
        let primaryKey = table.primaryKeyColumnIndex.flatMap {
            table.columns.indices.contains($0) ? table.columns[$0].name : nil
        }
        return ObjectSchema(
            name: table.className ?? table.name, kind: ObjectSchema.Kind(table.kind), primaryKey: primaryKey,
            properties: properties)
    }

    /// realm-core's `ObjectSchema::from_core_type`: links and typed links are both objects.
    private static func propertyType(_ type: StoredColumn.ValueType) -> PropertyType {
        switch type {
        case .int: return .int
        case .bool: return .bool
        case .string: return .string
        case .binary: return .data
        case .mixed: return .mixed
        case .timestamp: return .date
        case .float: return .float
        case .double: return .double
        case .decimal128: return .decimal128
        case .objectId: return .objectId
        case .uuid: return .uuid
        case .link, .typedLink: return .object
        case .backlink: return .linkingObjects
        }
    }

    /// `metadata.version` of the first metadata object; `nil` when absent or −1 (not versioned, §7.1).
    static func schemaVersion(_ group: GroupLayout, _ context: DecodingContext) throws(RealmFileError) -> UInt64? {
        guard let layout = group.tables.first(where: { $0.table.name == "metadata" }),
            let column = layout.table.columns.firstIndex(where: { $0.name == "version" && $0.type == .int })
        else { return nil }
        if let legacy = layout.legacy {
            guard legacy.rowCount > 0 else { return nil }
            do {
                let rows = try LegacyRows(layout, legacy: legacy, group: group, context: context, onlyColumn: column)
                guard case .int(let version) = try rows.value(column: column, row: legacy.row(atPosition: 0)) else {
                    return nil
                }
                return UInt64(exactly: version)
            } catch {
                throw error.located(table: "metadata", column: "version")
            }
        }
        guard let root = layout.clusterRoot else { return nil }
        do {
            var leaves = ClusterTree.LeafIterator(tree: ClusterTree(bytes: context.bytes, root: root))
            while let leaf = try leaves.next() {
                guard leaf.count > 0 else { continue }
                let reader = try ClusterReader(leaf, layout: layout, context: context)
                guard case .int(let version) = try reader.value(column: column, row: 0) else { return nil }
                return UInt64(exactly: version)
            }
        } catch {
            throw error.located(table: "metadata", column: "version")
        }
        return nil
    }
}

extension ObjectSchema.Kind {
    /// The class kind of a table with the stored type `kind` (realm-core's `Table::Type`).
    init(_ kind: StoredTable.Kind) {
        switch kind {
        case .topLevel: self = .topLevel
        case .embedded: self = .embedded
        case .topLevelAsymmetric: self = .asymmetric
        }
    }
}
