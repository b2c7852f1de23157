import RealmSchema

/// A table's spec: column types, names, attributes and keys (realm-file-format.md §4.2, §4.3).
struct SpecReader {
    /// One column as the spec describes it.
    struct Entry {
        let key: UInt64
        let name: String
        /// The ColKey's type code (authoritative; 13 = link list in formats ≤ 23).
        let typeCode: Int
        /// The ColKey's attribute bits (nullable, list, dictionary, set).
        let attributes: UInt64
        /// The spec's full attribute mask (adds indexed, full-text).
        let specAttributes: Int64
        let leafIndex: Int
        let dictionaryKeyType: Int
        let enumValuesRef: Int?

        var collection: CollectionKind {
            if typeCode == ColumnTypeCode.linkList || attributes & ColumnAttribute.list != 0 { return .list }
            if attributes & ColumnAttribute.dictionary != 0 { return .dictionary }
            if attributes & ColumnAttribute.set != 0 { return .set }
            return .single
        }

        func valueType(at specRef: Int) throws(RealmFileError) -> StoredColumn.ValueType {
            switch typeCode {
            case ColumnTypeCode.int: return .int
            case ColumnTypeCode.bool: return .bool
            case ColumnTypeCode.string: return .string
            case ColumnTypeCode.binary: return .binary
            case ColumnTypeCode.mixed: return .mixed
            case ColumnTypeCode.timestamp: return .timestamp
            case ColumnTypeCode.float: return .float
            case ColumnTypeCode.double: return .double
            case ColumnTypeCode.decimal: return .decimal128
            case ColumnTypeCode.link, ColumnTypeCode.linkList: return .link
            case ColumnTypeCode.backlink: return .backlink
            case ColumnTypeCode.objectId: return .objectId
            case ColumnTypeCode.typedLink: return .typedLink
            case ColumnTypeCode.uuid: return .uuid
            default:
                throw RealmFileError(
                    .corruptNode, offset: specRef, context: "column \"\(name)\" of unknown type \(typeCode)")
            }
        }
    }

    let bytes: FileBytes
    let ref: Int
    let types: Node
    let names: BlobLeaf
    let attributes: Node
    let enumKeys: Node?
    let keys: Node

    /// The number of columns, backlinks included.
    var count: Int { keys.size }

    init(_ bytes: FileBytes, at ref: Int) throws(RealmFileError) {
        let spec = try bytes.refArray(at: ref, "table spec")
        guard spec.size >= 6 else {
            throw RealmFileError(
                .corruptNode, offset: ref, context: "table spec with \(spec.size) slots (pre-format-10 layout)")
        }
        self.bytes = bytes
        self.ref = ref
        types = try bytes.integerArray(
            at: try bytes.ref(try bytes.slot(spec, 0), "column types", from: ref), "column types")
        names = try BlobLeaf(
            bytes, at: try bytes.ref(try bytes.slot(spec, 1), "column names", from: ref), isString: true)
        attributes = try bytes.integerArray(
            at: try bytes.ref(try bytes.slot(spec, 2), "column attributes", from: ref), "column attributes")
        enumKeys = try bytes.optionalRef(spec, 4, "enumerated string values").map { (r: Int) throws(RealmFileError) in
            try bytes.refArray(at: r, "enumerated string values")
        }
        keys = try bytes.integerArray(
            at: try bytes.ref(try bytes.slot(spec, 5), "column keys", from: ref), "column keys")
        guard types.size == keys.size, attributes.size == keys.size, names.count <= keys.size else {
            throw RealmFileError(.corruptNode, offset: ref, context: "table spec arrays of different lengths")
        }
    }

    /// Column `index` in spec order.
    func entry(_ index: Int) throws(RealmFileError) -> Entry {
        let key = UInt64(bitPattern: try bytes.integer(keys, index))
        let typeCode = Int((key >> 16) & 0x3F)
        let specType = try bytes.integer(types, index)
        var name = ""
        if typeCode != ColumnTypeCode.backlink {
            guard index < names.count else {
                throw RealmFileError(.corruptNode, offset: ref, context: "column \(index) has no name")
            }
            name = try names.string(at: index, bytes) ?? ""
        }
        var enumValuesRef: Int? = nil
        if let enumKeys, index < enumKeys.size {
            let value = try bytes.slot(enumKeys, index)
            if value != 0, value & 1 == 0 {
                enumValuesRef = try bytes.ref(value, "enumerated string values", from: enumKeys.ref)
            }
        }
        return Entry(
            key: key, name: name, typeCode: typeCode, attributes: (key >> 22) & 0xFF,
            specAttributes: try bytes.integer(attributes, index), leafIndex: Int(key & 0xFFFF),
            dictionaryKeyType: Int((specType >> 16) & 0xFFFF), enumValuesRef: enumValuesRef)
    }
}
