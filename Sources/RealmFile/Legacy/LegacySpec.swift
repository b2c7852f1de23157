/// The spec of a table in a file of format 2–9 (realm-core 5 and older): `[types, names, attributes, subspecs?,
/// enumkeys?]` (`Spec::init` in `spec.cpp` at v5.23.9). Unlike formats 10 and later there are no column keys: a
/// column is its position. Public columns are named; hidden backlink columns, at the end, are not.
struct LegacySpec {
    /// Column type codes of realm-core 5 (`ColumnType` in `column_type.hpp` at v5.23.9).
    enum TypeCode {
        static let int = 0
        static let bool = 1
        static let string = 2
        static let stringEnum = 3
        static let binary = 4
        static let table = 5
        static let mixed = 6
        static let oldDateTime = 7
        static let timestamp = 8
        static let float = 9
        static let double = 10
        static let link = 12
        static let linkList = 13
        static let backlink = 14
    }

    /// Column attribute bits of realm-core 5 (`ColumnAttr`).
    enum Attribute {
        static let indexed: Int64 = 1
        static let nullable: Int64 = 16
    }

    /// One column as the spec describes it.
    struct Entry {
        let typeCode: Int
        /// The stored name (empty for backlink columns).
        let name: String
        let attributes: Int64
        /// Links and link lists: the group index of the target table. Backlinks: of the origin table.
        let oppositeTable: Int?
        /// Backlinks: the origin column's position in the origin table.
        let originColumn: Int?
        /// Subtable columns: the subtable's spec.
        let subspecRef: Int?
        /// Enumerated string columns: the root of the distinct values (a string column).
        let enumKeysRef: Int?

        var isIndexed: Bool { attributes & Attribute.indexed != 0 }
        var isNullable: Bool { attributes & Attribute.nullable != 0 }
    }

    let ref: Int
    let entries: [Entry]

    /// Reads the spec at `ref`.
    init(_ bytes: FileBytes, at ref: Int) throws(RealmFileError) {
        let spec = try bytes.refArray(at: ref, "table spec")
        guard spec.size >= 3, spec.size <= 5 else {
            throw RealmFileError(.corruptNode, offset: ref, context: "format 2–9 table spec with \(spec.size) slots")
        }
        let types = try bytes.integerArray(
            at: try bytes.ref(try bytes.slot(spec, 0), "column types", from: ref), "column types")
        let names = try BlobLeaf(
            bytes, at: try bytes.ref(try bytes.slot(spec, 1), "column names", from: ref), isString: true)
        let attributes = try bytes.integerArray(
            at: try bytes.ref(try bytes.slot(spec, 2), "column attributes", from: ref), "column attributes")
        let subspecs = try bytes.optionalRef(spec, 3, "subspecs").map { (r: Int) throws(RealmFileError) in
            try bytes.refArray(at: r, "subspecs")
        }
        let enumKeys = try bytes.optionalRef(spec, 4, "enumerated string values").map {
            (r: Int) throws(RealmFileError) in try bytes.refArray(at: r, "enumerated string values")
        }
        guard attributes.size == types.size, names.count <= types.size else {
            throw RealmFileError(.corruptNode, offset: ref, context: "table spec arrays of different lengths")
        }
        var entries: [Entry] = []
        entries.reserveCapacity(types.size)
        var subspecIndex = 0
        var enumIndex = 0
        for index in 0..<types.size {
            let raw = try bytes.integer(types, index)
            guard let typeCode = Int(exactly: raw), (0...14).contains(typeCode) else {
                throw RealmFileError(.corruptNode, offset: types.ref, context: "column \(index) of unknown type \(raw)")
            }
            var name = ""
            if typeCode != TypeCode.backlink {
                guard index < names.count else {
                    throw RealmFileError(.corruptNode, offset: ref, context: "column \(index) has no name")
                }
                name = try names.string(at: index, bytes) ?? ""
            }
            var opposite: Int? = nil
            var origin: Int? = nil
            var subspec: Int? = nil
            var enumRef: Int? = nil
            func subspecSlot(_ offset: Int) throws(RealmFileError) -> UInt64 {
                guard let subspecs, subspecIndex + offset < subspecs.size else {
                    throw RealmFileError(
                        .corruptNode, offset: ref, context: "column \"\(name)\" (\(index)) without its subspec entry")
                }
                return try bytes.slot(subspecs, subspecIndex + offset)
            }
            func tagged(_ value: UInt64, _ what: String) throws(RealmFileError) -> Int {
                guard value & 1 == 1, let result = Int(exactly: value >> 1) else {
                    throw RealmFileError(
                        .corruptNode, offset: subspecs?.ref ?? ref, context: "\(what) of column \(index) is not tagged")
                }
                return result
            }
            switch typeCode {
            case TypeCode.link, TypeCode.linkList:
                opposite = try tagged(try subspecSlot(0), "target table")
                subspecIndex += 1
            case TypeCode.backlink:
                opposite = try tagged(try subspecSlot(0), "origin table")
                origin = try tagged(try subspecSlot(1), "origin column")
                subspecIndex += 2
            case TypeCode.table:
                subspec = try bytes.ref(try subspecSlot(0), "subtable spec", from: subspecs?.ref ?? ref)
                subspecIndex += 1
            case TypeCode.stringEnum:
                guard let enumKeys, enumIndex < enumKeys.size else {
                    throw RealmFileError(
                        .corruptNode, offset: ref, context: "enumerated column \"\(name)\" without its values")
                }
                enumRef = try bytes.ref(
                    try bytes.slot(enumKeys, enumIndex), "enumerated string values", from: enumKeys.ref)
                enumIndex += 1
            default:
                break
            }
            entries.append(
                Entry(
                    typeCode: typeCode, name: name, attributes: try bytes.integer(attributes, index),
                    oppositeTable: opposite, originColumn: origin, subspecRef: subspec, enumKeysRef: enumRef))
        }
        self.ref = ref
        self.entries = entries
    }
}
