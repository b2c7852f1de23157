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
