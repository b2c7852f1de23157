/// Random access to the elements of one column B+tree of a format 2–9 file (realm-core 5's `BpTree`): the same
/// inner-node layout as a collection B+tree of later formats (realm-file-format.md §6.13), leaves of one `LeafKind`.
///
/// The leaves are listed once (their refs and where each ends); the leaf last read stays decoded, so reading rows
/// in order decodes each leaf header once.
struct LegacyTree {
    let kind: LeafKind
    private let leaves: [Int]
    /// `ends[i]` is one past the last element of leaf `i`.
    private let ends: [Int]
    private var current = LeafReader.empty
    private var currentLeaf = -1
    private var currentStart = 0

    /// The number of elements.
    var count: Int { ends.last ?? 0 }
    /// The root's ref, for errors.
    let root: Int
    /// The leaf read last (the root before any), for errors.
    var leafRef: Int { currentLeaf >= 0 ? leaves[currentLeaf] : root }

    /// Lists the leaves of the tree at `root`, each decoded as `kind`.
    init(_ context: DecodingContext, root: Int, kind: LeafKind) throws(RealmFileError) {
        var leaves: [Int] = []
        var ends: [Int] = []
        var total = 0
        try BPlusTree(bytes: context.bytes).forEachLeaf(root: root) { (leaf: Int) throws(RealmFileError) in
            total &+= try LeafReader(context, at: leaf, kind: kind).count
            leaves.append(leaf)
            ends.append(total)
        }
        self.kind = kind
        self.root = root
        self.leaves = leaves
        self.ends = ends
    }

    /// Element `index` as the leaf decoder reads it.
    mutating func value(at index: Int, _ context: DecodingContext) throws(RealmFileError) -> StoredValue {
        if currentLeaf < 0 || index < currentStart || index >= ends[currentLeaf] {
            guard index >= 0, index < count else {
                throw RealmFileError(
                    .corruptNode, offset: root, context: "element \(index) of a \(count)-element column")
            }
            var low = 0
            var high = ends.count - 1
            while low < high {
                let middle = (low + high) / 2
                if ends[middle] > index { high = middle } else { low = middle + 1 }
            }
            current = try LeafReader(context, at: leaves[low], kind: kind)
            currentLeaf = low
            currentStart = low == 0 ? 0 : ends[low - 1]
        }
        return try current.value(at: index - currentStart, context)
    }

    /// Element `index` of an integer tree.
    mutating func integer(at index: Int, _ context: DecodingContext) throws(RealmFileError) -> Int64 {
        switch try value(at: index, context) {
        case .int(let value): return value
        default: return 0
        }
    }
}

/// How a format 2–9 column stores one value (or a list element, in a one-column subtable): realm-core 5's column
/// classes (`column.hpp`, `column_string.hpp`, `column_binary.hpp`, `column_timestamp.hpp`, `column_tpl.hpp` at
/// v5.23.9).
enum LegacyScalar: Sendable, Hashable {
    /// `IntegerColumn`, or `IntNullColumn` (leaves whose element 0 is the null sentinel).
    case int(nullable: Bool)
    /// Stored as an integer column (0 or 1), nullable as `IntNullColumn`.
    case bool(nullable: Bool)
    case float(nullable: Bool)
    case double(nullable: Bool)
    case string(nullable: Bool)
    case binary(nullable: Bool)
    /// `TimestampColumn`: `[seconds, nanoseconds]`, two B+trees (seconds nullable).
    case timestamp
    /// Formats 2–4: `OldDateTime`, whole seconds in an integer column; realm-core 5 upgrades it to a Timestamp.
    case oldDateTime(nullable: Bool)

    /// The public type the column has once upgraded.
    var valueType: StoredColumn.ValueType {
        switch self {
        case .int: return .int
        case .bool: return .bool
        case .float: return .float
        case .double: return .double
        case .string: return .string
        case .binary: return .binary
        case .timestamp, .oldDateTime: return .timestamp
        }
    }
}

/// Reads the values of one scalar column (or subtable list) of a format 2–9 file.
struct LegacyScalarReader {
    let scalar: LegacyScalar
    private var tree: LegacyTree
    private var nanoseconds: LegacyTree?

    /// The number of values.
    var count: Int { tree.count }

    /// Reads the column rooted at `root`.
    init(_ context: DecodingContext, root: Int, scalar: LegacyScalar) throws(RealmFileError) {
        self.scalar = scalar
        switch scalar {
        case .int(let nullable), .bool(let nullable), .oldDateTime(let nullable):
            tree = try LegacyTree(context, root: root, kind: .int(nullable: nullable))
        case .float(let nullable): tree = try LegacyTree(context, root: root, kind: .float(nullable: nullable))
        case .double(let nullable): tree = try LegacyTree(context, root: root, kind: .double(nullable: nullable))
        case .string: tree = try LegacyTree(context, root: root, kind: .string)
        case .binary: tree = try LegacyTree(context, root: root, kind: .binary)
        case .timestamp:
            let bytes = context.bytes
            let pair = try bytes.refArray(at: root, "timestamp column")
            guard pair.size == 2 else {
                throw RealmFileError(.corruptNode, offset: root, context: "timestamp column with \(pair.size) slots")
            }
            tree = try LegacyTree(
                context, root: try bytes.ref(try bytes.slot(pair, 0), "timestamp seconds", from: root),
                kind: .int(nullable: true))
            let nanos = try LegacyTree(
                context, root: try bytes.ref(try bytes.slot(pair, 1), "timestamp nanoseconds", from: root),
                kind: .int(nullable: false))
            guard nanos.count == tree.count else {
                throw RealmFileError(
                    .corruptNode, offset: root, context: "timestamp seconds and nanoseconds differ in length")
            }
            nanoseconds = nanos
        }
    }

    /// Value `index`, as the engine presents it once upgraded: bools from integers, timestamps from their two
    /// trees, and in a column that is not nullable an empty string or binary where realm-core 5 reads null
    /// (`ArrayString::get` returns "" for a non-nullable column; format 2 files predate null strings).
    mutating func value(at index: Int, _ context: DecodingContext) throws(RealmFileError) -> StoredValue {
        let stored = try tree.value(at: index, context)
        switch scalar {
        case .int, .float, .double:
            return stored
        case .bool:
            guard case .int(let number) = stored else { return .null }
            return .bool(number != 0)
        case .string(let nullable):
            return stored == .null && !nullable ? .string("") : stored
        case .binary(let nullable):
            return stored == .null && !nullable ? .binary(.init()) : stored
        case .oldDateTime:
            guard case .int(let seconds) = stored else { return .null }
            return .timestamp(StoredTimestamp(seconds: seconds, nanoseconds: 0))
        case .timestamp:
            guard case .int(let seconds) = stored, var nanos = nanoseconds else { return .null }
            let nanoseconds = try nanos.integer(at: index, context)
            self.nanoseconds = nanos
            guard let value = Int32(exactly: nanoseconds), value > -1_000_000_000, value < 1_000_000_000 else {
                throw RealmFileError(
                    .corruptNode, offset: nanos.leafRef, context: "timestamp nanoseconds \(nanoseconds)")
            }
            return .timestamp(StoredTimestamp(seconds: seconds, nanoseconds: value))
        }
    }
}
