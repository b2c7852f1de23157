extension MigrationRecord {
    /// The payload size of the record: strings and binaries by length, other values by their fixed size.
    var payloadByteCount: Int64 {
        values.reduce(Int64(8)) { $0 + $1.payloadByteCount }
    }
}

extension MigrationValue {
    /// The payload size of the value: strings and binaries by length, other values by their fixed size.
    var payloadByteCount: Int64 {
        switch self {
        case .null: 0
        case .bool: 1
        case .float: 4
        case .int, .double, .link: 8
        case .date, .objectId: 12
        case .decimal128, .uuid: 16
        case .string(let text): Int64(text.utf8.count)
        case .data(let bytes): Int64(bytes.count)
        case .list(let items), .set(let items): items.reduce(0) { $0 + $1.payloadByteCount }
        case .dictionary(let entries): entries.reduce(0) { $0 + Int64($1.key.utf8.count) + $1.value.payloadByteCount }
        }
    }
}
