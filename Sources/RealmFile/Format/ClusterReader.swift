import RealmSchema

/// The shape of a collection column: what kind of collection and how its elements are stored.
struct CollectionShape: Sendable {
    let kind: CollectionKind
    let element: LeafKind?
    let keysAreStrings: Bool

    /// No collection, standing in where a column is not one.
    static let empty = CollectionShape(kind: .single, element: nil, keysAreStrings: true)
}

/// Reads the objects of one cluster: decodes each column leaf's header once, then produces rows cheaply.
///
/// The column readers live in a buffer this object owns and are used through pointers, in place: copying a
/// reader (a few hundred bytes) per value would cost more than decoding the value.
final class ClusterReader {
    /// How one column's values are read in this cluster. A flat struct, used in place (see `LeafReader`).
    struct ColumnReader {
        enum Role: UInt8 {
            /// The cluster has no leaf for the column (a removed column's hole): every value is null.
            case hole
            case scalar
            /// One collection root per row (0 = empty collection).
            case collection
            /// One backlink entry per row: 0 none, tagged = one origin key, ref = list of origin keys.
            case backlinks
            /// A backlink column the caller asked not to read: every value is an empty list.
            case skippedBacklinks
        }

        let role: Role
        /// The parts a role does not use hold empty placeholders (see `LeafReader`).
        let leaf: LeafReader
        let refs: Node
        let shape: CollectionShape
        let origin: StoredTableKey

        static let hole = ColumnReader(
            role: .hole, leaf: .empty, refs: .empty, shape: .empty, origin: MixedLeaf.unknownTable)

        static func scalar(_ leaf: LeafReader) -> ColumnReader {
            ColumnReader(role: .scalar, leaf: leaf, refs: .empty, shape: .empty, origin: MixedLeaf.unknownTable)
        }

        static func collection(_ refs: Node, _ shape: CollectionShape) -> ColumnReader {
            ColumnReader(role: .collection, leaf: .empty, refs: refs, shape: shape, origin: MixedLeaf.unknownTable)
        }

        static func backlinks(_ refs: Node, origin: StoredTableKey) -> ColumnReader {
            ColumnReader(role: .backlinks, leaf: .empty, refs: refs, shape: .empty, origin: origin)
        }
    }

    let leaf: ClusterTree.Leaf
    private let readers: UnsafeMutableBufferPointer<ColumnReader>
    let context: DecodingContext
    let layout: TableLayout

    /// Decodes the column leaf headers of `leaf`; with `onlyColumn`, only that column's (every other column then
    /// reads as null, and its leaf is not touched).
    init(
        _ leaf: ClusterTree.Leaf, layout: TableLayout, context: DecodingContext, skippingBacklinks: Bool = false,
        onlyColumn: Int? = nil
    ) throws(RealmFileError) {
        let bytes = context.bytes
        var readers: [ColumnReader] = []
        readers.reserveCapacity(layout.columns.count)
        for (index, column) in layout.columns.enumerated() {
            do {
                if let onlyColumn, index != onlyColumn {
                    readers.append(.hole)
                    continue
                }
                guard let ref = try leaf.columnRef(leafIndex: column.leafIndex, bytes) else {
                    readers.append(.hole)
                    continue
                }
                if column.isBacklink && skippingBacklinks {
                    readers.append(
                        ColumnReader(
                            role: .skippedBacklinks, leaf: .empty, refs: .empty, shape: .empty,
                            origin: MixedLeaf.unknownTable))
                } else if column.isBacklink {
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
        self.readers = UnsafeMutableBufferPointer<ColumnReader>.allocate(capacity: readers.count)
        _ = self.readers.initialize(from: readers)
        self.context = context
        self.layout = layout
    }

    deinit {
        readers.deinitialize()
        readers.deallocate()
    }

    /// The object at `row` of this cluster.
    func object(at row: Int) throws(RealmFileError) -> StoredObject {
        let key = try key(at: row)
        var values: [StoredValue] = []
        values.reserveCapacity(readers.count)
        guard let base = readers.baseAddress else { return StoredObject(key: key, values: values) }
        for index in 0..<readers.count {
            do {
                values.append(try value(base + index, row))
            } catch {
                throw error.located(table: layout.table.name, column: layout.columns[index].column.name)
            }
        }
        return StoredObject(key: key, values: values)
    }

    /// The number of columns.
    var columnCount: Int { readers.count }

    /// The key of the object at `row`.
    func key(at row: Int) throws(RealmFileError) -> StoredObjectKey {
        StoredObjectKey(try leaf.key(at: row, context.bytes))
    }

    /// Calls `body` with the stored bytes of the string of column `index` at `row` (`nil` for null) and returns
    /// `true`, when the column is a string column and the string lies in one piece; `false` otherwise.
    func withStringBytes(column index: Int, row: Int, _ body: (UnsafeRawBufferPointer?) -> Void)
        throws(RealmFileError) -> Bool
    {
        guard index >= 0, index < readers.count, let base = readers.baseAddress, base[index].role == .scalar else {
            return false
        }
        do {
            return try base[index].leaf.withStringBytes(at: row, context.bytes, body)
        } catch {
            throw error.located(table: layout.table.name, column: layout.columns[index].column.name)
        }
    }

    /// The value of column `index` at `row`.
    func value(column index: Int, row: Int) throws(RealmFileError) -> StoredValue {
        guard index >= 0, index < readers.count, let base = readers.baseAddress else { return .null }
        do {
            return try value(base + index, row)
        } catch {
            throw error.located(table: layout.table.name, column: layout.columns[index].column.name)
        }
    }

    @inline(__always)
    private func value(_ reader: UnsafePointer<ColumnReader>, _ row: Int) throws(RealmFileError) -> StoredValue {
        switch reader.pointee.role {
        case .hole:
            return .null
        case .scalar:
            return try reader.pointee.leaf.value(at: row, context)
        case .collection:
            return try collection(reader.pointee.refs, reader.pointee.shape, row)
        case .skippedBacklinks:
            return .list([])
        case .backlinks:
            let refs = reader.pointee.refs
            let stored = try context.bytes.slot(refs, row)
            if stored == 0 { return .list([]) }
            let origin = reader.pointee.origin
            if stored & 1 == 1 {
                return .list([
                    .link(StoredObjectLink(table: origin, key: StoredObjectKey(Int64(bitPattern: stored >> 1))))
                ])
            }
            let root = try context.bytes.ref(stored, "backlink list", from: refs.ref)
            let keys = try CollectionDecoder(context: context).backlinkKeys(root: root)
            return .list(keys.map { .link(StoredObjectLink(table: origin, key: StoredObjectKey($0))) })
        }
    }

    private func collection(_ refs: Node, _ shape: CollectionShape, _ row: Int) throws(RealmFileError) -> StoredValue {
        let stored = try context.bytes.slot(refs, row)
        let decoder = CollectionDecoder(context: context)
        switch shape.kind {
        case .dictionary:
            guard stored != 0 else { return .dictionary([]) }
            let root = try context.bytes.ref(stored, "dictionary", from: refs.ref)
            return .dictionary(try decoder.dictionary(root: root, keysAreStrings: shape.keysAreStrings))
        case .set:
            guard stored != 0, let kind = shape.element else { return .set([]) }
            return .set(try decoder.elements(root: try context.bytes.ref(stored, "set", from: refs.ref), kind: kind))
        case .list, .single:
            guard stored != 0, let kind = shape.element else { return .list([]) }
            return .list(try decoder.elements(root: try context.bytes.ref(stored, "list", from: refs.ref), kind: kind))
        }
    }
}
