import RealmSchema

extension RealmFile {
    /// The SDK view of the tables (realm-file-format.md §7): `class_` tables only, properties in spec order,
    /// backlink columns as `.linkingObjects` properties named `@links.<OriginClass>.<originProperty>`.
    static func makeSchema(_ group: GroupLayout, version: UInt64?) -> Schema {
        var classes: [ObjectSchema] = []
        for layout in group.tables {
            guard let className = layout.table.className else { continue }
            let kind: ObjectSchema.Kind
            switch layout.table.kind {
            case .topLevel: kind = .topLevel
            case .embedded: kind = .embedded
            case .topLevelAsymmetric: kind = .asymmetric
            }
            var properties: [Property] = []
            for column in layout.table.columns {
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
            let primaryKey = layout.table.primaryKeyColumnIndex.map { layout.table.columns[$0].name }
            classes.append(ObjectSchema(name: className, kind: kind, primaryKey: primaryKey, properties: properties))
        }
        return Schema(version: version, objectTypes: classes)
    }

    private static func propertyType(_ type: Column.ValueType) -> PropertyType {
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
            let column = layout.table.columns.firstIndex(where: { $0.name == "version" && $0.type == .int }),
            let root = layout.clusterRoot
        else { return nil }
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
