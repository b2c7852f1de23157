import RealmSchema

/// The shape of a collection column: what kind of collection and how its elements are stored.
struct CollectionShape: Sendable {
    let kind: CollectionKind
    let element: LeafKind?
    let keysAreStrings: Bool
}

/// Reads the objects of one cluster: decodes each column leaf's header once, then produces rows cheaply.
struct ClusterReader {
    /// How one column's values are read in this cluster.
    enum ColumnReader {
        /// The cluster has no leaf for the column (a removed column's hole): every value is null.
        case hole
        case scalar(LeafReader)
        /// One collection root per row (0 = empty collection).
        case collection(Node, CollectionShape)
        /// One backlink entry per row: 0 none, tagged = one origin key, ref = list of origin keys.
        case backlinks(Node, origin: TableKey)
    }

    let leaf: ClusterTree.Leaf
    let readers: [ColumnReader]
    let context: DecodingContext
    let layout: TableLayout

    init(_ leaf: ClusterTree.Leaf, layout: TableLayout, context: DecodingContext) throws(RealmFileError) {
        let bytes = context.bytes
        var readers: [ColumnReader] = []
        readers.reserveCapacity(layout.columns.count)
        for column in layout.columns {
            do {
                guard let ref = try leaf.columnRef(leafIndex: column.leafIndex, bytes) else {
                    readers.append(.hole)
                    continue
                }
                if column.isBacklink {
                    readers.append(
                        .backlinks(
                            try bytes.refArray(at: ref, "backlink leaf"),
                            origin: column.column.targetTable ?? MixedLeaf.unknownTable))
                } else if column.column.collection != .single {
                    readers.append(
                        .collection(
                            try bytes.refArray(at: ref, "collection leaf"),
                            CollectionShape(
                                kind: column.column.collection, element: column.leafKind,
                                keysAreStrings: column.dictionaryKeysAreStrings)))
                } else if let kind = column.leafKind {
                    readers.append(
                        .scalar(try LeafReader(context, at: ref, kind: kind, enumValuesRef: column.enumValuesRef)))
                } else {
                    readers.append(.hole)
                }
            } catch {
                throw error.located(table: layout.table.name, column: column.column.name)
            }
        }
        self.leaf = leaf
        self.readers = readers
        self.context = context
        self.layout = layout
    }

    /// The object at `row` of this cluster.
    func object(at row: Int) throws(RealmFileError) -> Object {
        let key = try leaf.key(at: row, context.bytes)
        var values: [Value] = []
        values.reserveCapacity(readers.count)
        for index in readers.indices {
            do {
                values.append(try value(readers[index], row))
            } catch {
                throw error.located(table: layout.table.name, column: layout.columns[index].column.name)
            }
        }
        return Object(key: ObjectKey(key), values: values)
    }

    /// The value of column `index` at `row`.
    func value(column index: Int, row: Int) throws(RealmFileError) -> Value {
        do {
            return try value(readers[index], row)
        } catch {
            throw error.located(table: layout.table.name, column: layout.columns[index].column.name)
        }
    }

    @inline(__always)
    private func value(_ reader: ColumnReader, _ row: Int) throws(RealmFileError) -> Value {
        switch reader {
        case .hole:
            return .null
        case .scalar(let leaf):
            return try leaf.value(at: row, context)
        case .collection(let refs, let shape):
            let stored = try context.bytes.slot(refs, row)
            let decoder = CollectionDecoder(context: context)
            switch shape.kind {
            case .dictionary:
                guard stored != 0 else { return .dictionary([]) }
                let root = try context.bytes.ref(stored, "dictionary", from: refs.ref)
                return .dictionary(try decoder.dictionary(root: root, keysAreStrings: shape.keysAreStrings))
            case .set:
                guard stored != 0, let kind = shape.element else { return .set([]) }
                return .set(
                    try decoder.elements(root: try context.bytes.ref(stored, "set", from: refs.ref), kind: kind))
            case .list, .single:
                guard stored != 0, let kind = shape.element else { return .list([]) }
                return .list(
                    try decoder.elements(root: try context.bytes.ref(stored, "list", from: refs.ref), kind: kind))
            }
        case .backlinks(let refs, let origin):
            let stored = try context.bytes.slot(refs, row)
            if stored == 0 { return .list([]) }
            if stored & 1 == 1 {
                return .list([.link(ObjectLink(table: origin, key: ObjectKey(Int64(bitPattern: stored >> 1))))])
            }
            let root = try context.bytes.ref(stored, "backlink list", from: refs.ref)
            let keys = try CollectionDecoder(context: context).backlinkKeys(root: root)
            return .list(keys.map { .link(ObjectLink(table: origin, key: ObjectKey($0))) })
        }
    }
}
