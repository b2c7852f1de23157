import Foundation

/// A leaf of mixed (`AnyRealmValue`) values (`ArrayMixed`, realm-file-format.md §6.9): a composite integer per
/// element, plus payload arrays for large ints, pairs, strings and (format 24) nested collections.
struct MixedLeaf: Sendable {
    let composite: Node
    let ints: Node?
    let pairs: Node?
    let strings: BlobLeaf?
    let nestedRefs: Node?

    /// The DataType codes a mixed value can carry.
    private enum TypeCode {
        static let int: Int64 = 0
        static let bool: Int64 = 1
        static let string: Int64 = 2
        static let binary: Int64 = 4
        static let timestamp: Int64 = 8
        static let float: Int64 = 9
        static let double: Int64 = 10
        static let decimal: Int64 = 11
        static let link: Int64 = 12
        static let objectId: Int64 = 15
        static let typedLink: Int64 = 16
        static let uuid: Int64 = 17
        static let list: Int64 = 19
        static let dictionary: Int64 = 21
    }

    /// The table key Realm uses for "no table"; carried by untyped links, which SDKs never write.
    static let unknownTable = StoredTableKey(0x7FFF_FFFF)

    init(_ context: DecodingContext, at ref: Int) throws(RealmFileError) {
        let bytes = context.bytes
        let top = try bytes.refArray(at: ref, "mixed leaf")
        guard top.size >= 4, top.size <= 6 else {
            throw RealmFileError(.corruptNode, offset: ref, context: "mixed leaf with \(top.size) slots")
        }
        composite = try bytes.integerArray(
            at: try bytes.ref(try bytes.slot(top, 0), "mixed composite values", from: ref), "mixed composite values")
        ints = try bytes.optionalRef(top, 1, "mixed ints").map { (r: Int) throws(RealmFileError) in
            try bytes.integerArray(at: r, "mixed ints")
        }
        pairs = try bytes.optionalRef(top, 2, "mixed pairs").map { (r: Int) throws(RealmFileError) in
            try bytes.integerArray(at: r, "mixed pairs")
        }
        strings = try bytes.optionalRef(top, 3, "mixed strings").map { (r: Int) throws(RealmFileError) in
            try BlobLeaf(bytes, at: r, isString: true)
        }
        nestedRefs = try bytes.optionalRef(top, 4, "mixed nested collections").map { (r: Int) throws(RealmFileError) in
            try bytes.refArray(at: r, "mixed nested collections")
        }
    }

    /// The number of elements.
    var count: Int { composite.size }

    /// Element `index`; links to unresolved objects read as `.null`. `depth` bounds how deep nested collections
    /// go; `seen` holds the nested collections already read for the same top-level value, so a damaged file that
    /// shares one nested collection between several places cannot make the work grow exponentially.
    func value(
        at index: Int, _ context: DecodingContext, depth: Int, seen: NestedRoots? = nil
    ) throws(RealmFileError) -> StoredValue {
        let bytes = context.bytes
        let packed = try bytes.integer(composite, index)
        if packed == 0 { return .null }
        let type = (packed & 0x1F) &- 1
        let payloadSlot = (packed >> 5) & 7
        let payload = packed >> 8
        switch type {
        case TypeCode.int:
            return .int(payloadSlot == 0 ? payload : try bytes.integer(try need(ints, "ints"), try position(payload)))
        case TypeCode.bool:
            return .bool(payload != 0)
        case TypeCode.string:
            return .string(try need(strings, "strings").string(at: try position(payload), bytes) ?? "")
        case TypeCode.binary:
            return .binary(try need(strings, "strings").data(at: try position(payload), bytes) ?? .init())
        case TypeCode.timestamp:
            let (seconds, nanoseconds, pairsRef) = try pair(payload, bytes)
            guard let nanos = Int32(exactly: nanoseconds) else {
                throw RealmFileError(
                    .corruptNode, offset: pairsRef, context: "mixed timestamp nanoseconds \(nanoseconds)")
            }
            return .timestamp(StoredTimestamp(seconds: seconds, nanoseconds: nanos))
        case TypeCode.float:
            let bits = try bytes.integer(try need(ints, "ints"), try position(payload))
            return .float(Float(bitPattern: UInt32(exactly: UInt64(bitPattern: bits) & 0xFFFF_FFFF) ?? 0))
        case TypeCode.double:
            return .double(
                Double(bitPattern: UInt64(bitPattern: try bytes.integer(try need(ints, "ints"), try position(payload))))
            )
        case TypeCode.decimal:
            let (low, high, _) = try pair(payload, bytes)
            return .decimal(StoredDecimal128(low: UInt64(bitPattern: low), high: UInt64(bitPattern: high)))
        case TypeCode.link:
            let key = try bytes.integer(try need(ints, "ints"), try position(payload))
            if key < 0 { return .null }
            return .link(StoredObjectLink(table: Self.unknownTable, key: StoredObjectKey(key)))
        case TypeCode.objectId:
            guard let raw = try need(strings, "strings").fixedBytes(at: try position(payload), count: 12, bytes),
                let id = StoredObjectId(raw: raw)
            else { return .null }
            return .objectId(id)
        case TypeCode.uuid:
            guard let raw = try need(strings, "strings").fixedBytes(at: try position(payload), count: 16, bytes),
                let uuid = UUID(raw: raw)
            else { return .null }
            return .uuid(uuid)
        case TypeCode.typedLink:
            let (table, key, pairsRef) = try pair(payload, bytes)
            guard let tableKey = UInt32(exactly: table) else {
                throw RealmFileError(.corruptNode, offset: pairsRef, context: "typed link table key \(table)")
            }
            if key < 0 { return .null }  // unresolved (tombstoned) target
            return .link(StoredObjectLink(table: StoredTableKey(tableKey), key: StoredObjectKey(key)))
        case TypeCode.list, TypeCode.dictionary:
            let refs = try need(nestedRefs, "nested collections")
            let stored = try bytes.slot(refs, try position(payload))
            let decoder = CollectionDecoder(context: context)
            let seen = seen ?? NestedRoots()
            if type == TypeCode.list {
                guard stored != 0 else { return .list([]) }
                let root = try bytes.ref(stored, "nested list", from: refs.ref)
                try seen.enter(root)
                return .list(try decoder.elements(root: root, kind: .mixed, depth: depth &+ 1, seen: seen))
            }
            guard stored != 0 else { return .dictionary([]) }
            let root = try bytes.ref(stored, "nested dictionary", from: refs.ref)
            try seen.enter(root)
            return .dictionary(
                try decoder.dictionary(root: root, keysAreStrings: true, depth: depth &+ 1, seen: seen))
        default:
            throw RealmFileError(.corruptNode, offset: composite.ref, context: "mixed value of unknown type \(type)")
        }
    }

    private func need<T>(_ part: T?, _ name: String) throws(RealmFileError) -> T {
        guard let part else {
            throw RealmFileError(
                .corruptNode, offset: composite.ref, context: "mixed value refers to missing \(name) array")
        }
        return part
    }

    /// Entry `payload` of the pairs array (two integers: a timestamp, a decimal or a typed link), with that array's
    /// ref for error messages.
    private func pair(_ payload: Int64, _ bytes: FileBytes) throws(RealmFileError) -> (Int64, Int64, ref: Int) {
        let pairs = try need(pairs, "pairs")
        let slot = try position(payload) &* 2
        return (try bytes.integer(pairs, slot), try bytes.integer(pairs, slot &+ 1), pairs.ref)
    }

    private func position(_ payload: Int64) throws(RealmFileError) -> Int {
        guard let index = Int(exactly: payload), index >= 0 else {
            throw RealmFileError(.corruptNode, offset: composite.ref, context: "mixed payload index \(payload)")
        }
        return index
    }
}

/// The nested collections (format 24) already read while decoding one top-level value. In a real file every
/// nested collection has exactly one parent, so meeting a root twice means a damaged file.
final class NestedRoots {
    private var roots: Set<Int> = []

    /// Records `root`; throws `.cycle` when it was read before for the same value.
    func enter(_ root: Int) throws(RealmFileError) {
        guard roots.insert(root).inserted else {
            throw RealmFileError(.cycle, offset: root, context: "nested collection reached twice within one value")
        }
    }
}
