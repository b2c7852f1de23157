import Foundation

/// Decodes the elements of one leaf node of a known kind. Made once per leaf (per cluster for column leaves),
/// then asked for values row by row, so header parsing is not repeated per value.
enum LeafReader: Sendable {
    case int(Node)
    /// Element 0 is the null sentinel; row r is element r + 1 (§6.1).
    case nullableInt(Node)
    case bool(Node)
    case float(Node, nullable: Bool)
    case double(Node, nullable: Bool)
    case blob(BlobLeaf)
    case timestamp(seconds: Node, nanoseconds: Node)
    case decimal(Node)
    case fixedBytes(FixedBytesLeaf)
    case mixed(MixedLeaf)
    case link(Node, target: TableKey, storedPlusOne: Bool)
    case typedLink(Node)

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
                self = .nullableInt(node)
            } else {
                self = .int(node)
            }
        case .bool: self = .bool(try bytes.integerArray(at: ref, "bool leaf"))
        case .float(let nullable):
            self = .float(try Self.floatingLeaf(bytes, ref, byteWidth: 4), nullable: nullable)
        case .double(let nullable):
            self = .double(try Self.floatingLeaf(bytes, ref, byteWidth: 8), nullable: nullable)
        case .string: self = .blob(try BlobLeaf(bytes, at: ref, isString: true, enumValuesRef: enumValuesRef))
        case .binary: self = .blob(try BlobLeaf(bytes, at: ref, isString: false))
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
            self = .timestamp(seconds: seconds, nanoseconds: nanoseconds)
        case .decimal:
            let node = try bytes.node(at: ref, "decimal leaf")
            guard node.widthType == 1, [0, 4, 8, 16].contains(node.width) else {
                throw RealmFileError(.corruptNode, offset: ref, context: "decimal leaf with width \(node.width)")
            }
            self = .decimal(node)
        case .objectId: self = .fixedBytes(try FixedBytesLeaf(bytes, at: ref, valueWidth: 12))
        case .uuid: self = .fixedBytes(try FixedBytesLeaf(bytes, at: ref, valueWidth: 16))
        case .mixed: self = .mixed(try MixedLeaf(context, at: ref))
        case .link(let target, let storedPlusOne):
            self = .link(try bytes.integerArray(at: ref, "link leaf"), target: target, storedPlusOne: storedPlusOne)
        case .typedLink:
            let node = try bytes.integerArray(at: ref, "typed link leaf")
            guard node.size % 2 == 0 else {
                throw RealmFileError(.corruptNode, offset: ref, context: "typed link leaf with odd size")
            }
            self = .typedLink(node)
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
        switch self {
        case .int(let node), .bool(let node), .float(let node, _), .double(let node, _), .link(let node, _, _):
            return node.size
        case .nullableInt(let node): return node.size - 1
        case .blob(let leaf): return leaf.count
        case .timestamp(_, let nanoseconds): return nanoseconds.size
        case .decimal(let node): return node.size
        case .fixedBytes(let leaf): return leaf.count
        case .mixed(let leaf): return leaf.count
        case .typedLink(let node): return node.size / 2
        }
    }

    /// Element `index` as a value (`.null` for null, and for links to unresolved objects).
    func value(at index: Int, _ context: DecodingContext, depth: Int = 0) throws(RealmFileError) -> Value {
        let bytes = context.bytes
        switch self {
        case .int(let node):
            return .int(try bytes.integer(node, index))
        case .nullableInt(let node):
            guard index >= 0, index < node.size - 1 else {
                throw RealmFileError(
                    .corruptNode, offset: node.ref, context: "nullable integer \(index) of \(node.size - 1)")
            }
            let value = try bytes.integer(node, index + 1)
            return value == (try bytes.integer(node, 0)) ? .null : .int(value)
        case .bool(let node):
            switch try bytes.integer(node, index) {
            case 0: return .bool(false)
            case 1: return .bool(true)
            case 3: return .null
            case let other:
                throw RealmFileError(.corruptNode, offset: node.ref, context: "bool value \(other)")
            }
        case .float(let node, let nullable):
            guard index >= 0, index < node.size else {
                throw RealmFileError(.corruptNode, offset: node.ref, context: "float \(index) of \(node.size)")
            }
            let bits = try bytes.uint32(at: node.payload &+ index &* 4)
            if nullable, bits == 0x7FC0_00AA { return .null }
            return .float(Float(bitPattern: bits))
        case .double(let node, let nullable):
            guard index >= 0, index < node.size else {
                throw RealmFileError(.corruptNode, offset: node.ref, context: "double \(index) of \(node.size)")
            }
            let bits = try bytes.uint64(at: node.payload &+ index &* 8)
            if nullable, bits == 0x7FF8_0000_0000_00AA { return .null }
            return .double(Double(bitPattern: bits))
        case .blob(let leaf):
            if leaf.dropsTerminator {
                guard let text = try leaf.string(at: index, bytes) else { return .null }
                return .string(text)
            }
            guard let data = try leaf.data(at: index, bytes) else { return .null }
            return .binary(data)
        case .timestamp(let secondsNode, let nanosecondsNode):
            guard index >= 0, index < nanosecondsNode.size else {
                throw RealmFileError(
                    .corruptNode, offset: nanosecondsNode.ref, context: "timestamp \(index) of \(nanosecondsNode.size)")
            }
            let seconds = try bytes.integer(secondsNode, index + 1)
            if seconds == (try bytes.integer(secondsNode, 0)) { return .null }
            let nanoseconds = try bytes.integer(nanosecondsNode, index)
            guard let nanos = Int32(exactly: nanoseconds), nanos > -1_000_000_000, nanos < 1_000_000_000 else {
                throw RealmFileError(
                    .corruptNode, offset: nanosecondsNode.ref, context: "timestamp nanoseconds \(nanoseconds)")
            }
            return .timestamp(Timestamp(seconds: seconds, nanoseconds: nanos))
        case .decimal(let node):
            guard index >= 0, index < node.size else {
                throw RealmFileError(.corruptNode, offset: node.ref, context: "decimal \(index) of \(node.size)")
            }
            let decimal: Decimal128?
            switch node.width {
            case 0: decimal = node.context ? Decimal128.zero : nil
            case 4: decimal = Decimal128.widening(bid32: try bytes.uint32(at: node.payload &+ index &* 4))
            case 8: decimal = Decimal128.widening(bid64: try bytes.uint64(at: node.payload &+ index &* 8))
            default:
                let offset = node.payload &+ index &* 16
                let value = Decimal128(low: try bytes.uint64(at: offset), high: try bytes.uint64(at: offset &+ 8))
                decimal = value == Decimal128.storedNull ? nil : value
            }
            guard let decimal else { return .null }
            return .decimal(decimal)
        case .fixedBytes(let leaf):
            return try leaf.value(at: index, bytes)
        case .mixed(let leaf):
            return try leaf.value(at: index, context, depth: depth)
        case .link(let node, let target, let storedPlusOne):
            let stored = try bytes.integer(node, index)
            if storedPlusOne && stored == 0 { return .null }
            let key = storedPlusOne ? stored &- 1 : stored
            if key < 0 { return .null }  // -1 null, ≤ -2 an unresolved (tombstoned) target
            return .link(ObjectLink(table: target, key: ObjectKey(key)))
        case .typedLink(let node):
            let storedTable = try bytes.integer(node, index &* 2)
            if storedTable == 0 { return .null }
            let key = try bytes.integer(node, index &* 2 &+ 1) &- 1
            if key < 0 { return .null }
            guard let table = UInt32(exactly: (storedTable &- 1) & 0x7FFF_FFFF) else { return .null }
            return .link(ObjectLink(table: TableKey(table), key: ObjectKey(key)))
        }
    }
}
