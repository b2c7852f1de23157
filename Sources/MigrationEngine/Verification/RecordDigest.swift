import Checksums

extension MigrationRecord {
    /// The SHA-256 of the record's key and every field value in ``ValueEncoding``.
    func digest(buffer: inout [UInt8]) -> [UInt8] {
        buffer.removeAll(keepingCapacity: true)
        ValueEncoding.append(UInt64(bitPattern: key), to: &buffer)
        for value in values { ValueEncoding.encode(value, into: &buffer) }
        return SHA256.hash(buffer)
    }
}

extension MigrationValue {
    /// Calls `body` for every link in the value, including links inside collections and nested values.
    func forEachLink(_ body: (ObjectReference) -> Void) {
        switch self {
        case .link(let reference): body(reference)
        case .list(let items), .set(let items): for item in items { item.forEachLink(body) }
        case .dictionary(let entries): for entry in entries { entry.value.forEachLink(body) }
        default: break
        }
    }
}
