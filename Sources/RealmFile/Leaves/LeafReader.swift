import Foundation

/// Decodes the elements of one leaf node of a known kind. Made once per leaf (per cluster for column leaves),
/// then asked for values row by row, so header parsing is not repeated per value.
///
/// A flat struct rather than an enum with payloads: readers are kept in arrays and used in place, and reading a
/// field of a struct in place copies nothing, where matching an enum case copies its whole payload.
struct LeafReader: Sendable {
    enum Encoding: UInt8, Sendable {
        case int
        /// Element 0 is the null sentinel; row r is element r + 1 (§6.1).
        case nullableInt
        case bool
        case float
        case double
        case blob
        case timestamp
        case decimal
        case fixedBytes
        case mixed
        case link
        case typedLink
    }

    let encoding: Encoding
    /// The leaf node (for timestamps the seconds array; for blobs and mixed values the top node).
    let node: Node
    /// The timestamp nanoseconds array.
    /// The parts a kind does not use hold empty placeholders (never optionals, so no copy is needed to use them).
    private let nanoseconds: Node
    private let blob: BlobLeaf
    private let fixedBytes: FixedBytesLeaf
    private let mixed: MixedLeaf?
    /// Floats and doubles: whether the null bit pattern means null.
    private let nullable: Bool
    /// Links: the target table, and whether the stored value is `ObjKey + 1` (column leaves) or the raw key.
    private let target: StoredTableKey
    private let storedPlusOne: Bool

    private init(
        _ encoding: Encoding, _ node: Node, nanoseconds: Node = .empty, blob: BlobLeaf = .empty,
        fixedBytes: FixedBytesLeaf = .empty, mixed: MixedLeaf? = nil, nullable: Bool = false,
        target: StoredTableKey = MixedLeaf.unknownTable, storedPlusOne: Bool = false
    ) {
        self.encoding = encoding
        self.node = node
        self.nanoseconds = nanoseconds
        self.blob = blob
        self.fixedBytes = fixedBytes
        self.mixed = mixed
        self.nullable = nullable
        self.target = target
        self.storedPlusOne = storedPlusOne
    }

    /// A reader of nothing, standing in where a column has no scalar leaf.
    static let empty = LeafReader(.int, .empty)

    /// Reads the header(s) of the leaf at `ref` for elements of `kind`.
    init(_ context: DecodingContext, at ref: Int, kind: LeafKind, enumValuesRef: Int? = nil) throws(RealmFileError) {
        let bytes = context.bytes
        switch kind {
        case .int(let nullable):
            let node = try bytes.integerArray(at: ref, "integer leaf")
            if nullable {
                guard node.size >= 1 else {
                    throw RealmFileError(
                        .corruptNode, offset: ref, context: "nullable integer leaf without null sentinel")
                }
                self.init(.nullableInt, node)
            } else {
                self.init(.int, node)
            }
        case .bool: self.init(.bool, try bytes.integerArray(at: ref, "bool leaf"))
        case .float(let nullable):
            self.init(.float, try Self.floatingLeaf(bytes, ref, byteWidth: 4), nullable: nullable)
        case .double(let nullable):
            self.init(.double, try Self.floatingLeaf(bytes, ref, byteWidth: 8), nullable: nullable)
        case .string, .binary:
            let leaf = try BlobLeaf(
                bytes, at: ref, isString: kind == .string, enumValuesRef: enumValuesRef,
                legacyNulls: context.fileFormat < 10)
            self.init(.blob, try bytes.node(at: ref, "string leaf"), blob: leaf)
        case .timestamp:
            let pair = try bytes.refArray(at: ref, "timestamp leaf")
            guard pair.size == 2 else {
                throw RealmFileError(.corruptNode, offset: ref, context: "timestamp leaf with \(pair.size) slots")
            }
            let seconds = try bytes.integerArray(
                at: try bytes.ref(try bytes.slot(pair, 0), "timestamp seconds", from: ref), "timestamp seconds")
            let nanoseconds = try bytes.integerArray(
                at: try bytes.ref(try bytes.slot(pair, 1), "timestamp nanoseconds", from: ref), "timestamp nanoseconds")
            guard seconds.size == nanoseconds.size + 1 else {
                throw RealmFileError(
                    .corruptNode, offset: ref, context: "timestamp seconds and nanoseconds differ in length")
            }
            self.init(.timestamp, seconds, nanoseconds: nanoseconds)
        case .decimal:
            let node = try bytes.node(at: ref, "decimal leaf")
            guard node.widthType == 1, [0, 4, 8, 16].contains(node.width) else {
                throw RealmFileError(.corruptNode, offset: ref, context: "decimal leaf with width \(node.width)")
            }
            self.init(.decimal, node)
        case .objectId, .uuid:
            let leaf = try FixedBytesLeaf(bytes, at: ref, valueWidth: kind == .objectId ? 12 : 16)
            self.init(.fixedBytes, leaf.node, fixedBytes: leaf)
        case .mixed:
            let leaf = try MixedLeaf(context, at: ref)
            self.init(.mixed, leaf.composite, mixed: leaf)
        case .link(let target, let storedPlusOne):
            self.init(
                .link, try bytes.integerArray(at: ref, "link leaf"), target: target, storedPlusOne: storedPlusOne)
        case .typedLink:
            let node = try bytes.integerArray(at: ref, "typed link leaf")
            guard node.size % 2 == 0 else {
                throw RealmFileError(.corruptNode, offset: ref, context: "typed link leaf with odd size")
            }
            self.init(.typedLink, node)
        }
    }

    private static func floatingLeaf(_ bytes: FileBytes, _ ref: Int, byteWidth: Int) throws(RealmFileError) -> Node {
        let node = try bytes.node(at: ref, byteWidth == 4 ? "float leaf" : "double leaf")
        guard node.widthType == 1, node.width == byteWidth || (node.width == 0 && node.size == 0) else {
            throw RealmFileError(.corruptNode, offset: ref, context: "floating-point leaf with width \(node.width)")
        }
        return node
    }

    /// The number of elements in the leaf.
    var count: Int {
        switch encoding {
        case .int, .bool, .float, .double, .link, .decimal, .mixed: return node.size
        case .nullableInt, .timestamp: return node.size - 1
        case .blob: return blob.count
        case .fixedBytes: return fixedBytes.count
        case .typedLink: return node.size / 2
        }
    }

    /// Calls `body` with the stored bytes of string element `index` (`nil` for null) and returns `true`, for a leaf
    /// of strings whose element lies in one piece; returns `false` otherwise.
    func withStringBytes(at index: Int, _ bytes: FileBytes, _ body: (UnsafeRawBufferPointer?) -> Void)
        throws(RealmFileError) -> Bool
    {
        guard encoding == .blob, blob.dropsTerminator else { return false }
        switch try blob.locate(index, bytes) {
        case .null:
            body(nil)
        case .contiguous(let offset, let length):
            try bytes.withBytes(at: offset, count: length) { body($0) }
        case .chunked:
            return false
        }
        return true
    }

    /// Element `index` as a value (`.null` for null, and for links to unresolved objects).
    /// `depth` and `seen` bound nested collections inside mixed values (see `MixedLeaf`).
    func value(
        at index: Int, _ context: DecodingContext, depth: Int = 0, seen: NestedRoots? = nil
    ) throws(RealmFileError) -> StoredValue {
        let bytes = context.bytes
        switch encoding {
        case .int:
            return .int(try bytes.integer(node, index))
        case .nullableInt:
            guard index >= 0, index < node.size - 1 else {
                throw RealmFileError(
                    .corruptNode, offset: node.ref, context: "nullable integer \(index) of \(node.size - 1)")
            }
            let value = try bytes.integer(node, index + 1)
            return value == (try bytes.integer(node, 0)) ? .null : .int(value)
        case .bool:
            switch try bytes.integer(node, index) {
            case 0: return .bool(false)
            case 1: return .bool(true)
            case 3: return .null
            case let other:
                throw RealmFileError(.corruptNode, offset: node.ref, context: "bool value \(other)")
            }
        case .float:
            guard index >= 0, index < node.size else {
                throw RealmFileError(.corruptNode, offset: node.ref, context: "float \(index) of \(node.size)")
            }
            let bits = try bytes.uint32(at: node.payload &+ index &* 4)
            if nullable, bits == 0x7FC0_00AA { return .null }
            return .float(Float(bitPattern: bits))
        case .double:
            guard index >= 0, index < node.size else {
                throw RealmFileError(.corruptNode, offset: node.ref, context: "double \(index) of \(node.size)")
            }
            let bits = try bytes.uint64(at: node.payload &+ index &* 8)
            if nullable, bits == 0x7FF8_0000_0000_00AA { return .null }
            return .double(Double(bitPattern: bits))
        case .blob:
            if blob.dropsTerminator {
                guard let text = try blob.string(at: index, bytes) else { return .null }
                return .string(text)
            }
            guard let data = try blob.data(at: index, bytes) else { return .null }
            return .binary(data)
        case .timestamp:
            let nanosecondsNode = nanoseconds
            guard index >= 0, index < nanosecondsNode.size else {
                throw RealmFileError(.corruptNode, offset: node.ref, context: "timestamp \(index)")
            }
            let seconds = try bytes.integer(node, index + 1)
            if seconds == (try bytes.integer(node, 0)) { return .null }
            let nanoseconds = try bytes.integer(nanosecondsNode, index)
            guard let nanos = Int32(exactly: nanoseconds), nanos > -1_000_000_000, nanos < 1_000_000_000 else {
                throw RealmFileError(
                    .corruptNode, offset: nanosecondsNode.ref, context: "timestamp nanoseconds \(nanoseconds)")
            }
            return .timestamp(StoredTimestamp(seconds: seconds, nanoseconds: nanos))
        case .decimal:
            guard index >= 0, index < node.size else {
                throw RealmFileError(.corruptNode, offset: node.ref, context: "decimal \(index) of \(node.size)")
            }
            let decimal: StoredDecimal128?
            switch node.width {
            case 0: decimal = node.context ? StoredDecimal128.zero : nil
            case 4: decimal = StoredDecimal128.widening(bid32: try bytes.uint32(at: node.payload &+ index &* 4))
            case 8: decimal = StoredDecimal128.widening(bid64: try bytes.uint64(at: node.payload &+ index &* 8))
            default:
                let offset = node.payload &+ index &* 16
                let value = StoredDecimal128(low: try bytes.uint64(at: offset), high: try bytes.uint64(at: offset &+ 8))
                decimal = value == StoredDecimal128.storedNull ? nil : value
            }
            guard let decimal else { return .null }
            return .decimal(decimal)
        case .fixedBytes:
            return try fixedBytes.value(at: index, bytes)
        case .mixed:
            guard let mixed else { return .null }
            return try mixed.value(at: index, context, depth: depth, seen: seen)
        case .link:
            let stored = try bytes.integer(node, index)
            if storedPlusOne && stored == 0 { return .null }
            let key = storedPlusOne ? stored &- 1 : stored
            if key < 0 { return .null }  // -1 null, ≤ -2 an unresolved (tombstoned) target
            return .link(StoredObjectLink(table: target, key: StoredObjectKey(key)))
        case .typedLink:
            let storedTable = try bytes.integer(node, index &* 2)
            if storedTable == 0 { return .null }
            let key = try bytes.integer(node, index &* 2 &+ 1) &- 1
            if key < 0 { return .null }
            guard let table = UInt32(exactly: (storedTable &- 1) & 0x7FFF_FFFF) else { return .null }
            return .link(StoredObjectLink(table: StoredTableKey(table), key: StoredObjectKey(key)))
        }
    }
}
