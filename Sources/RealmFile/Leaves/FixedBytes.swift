import Foundation

/// An ObjectId or UUID leaf (`ArrayFixedBytes`, realm-file-format.md §6.8): blocks of one null-bitmap byte
/// followed by eight values of `valueWidth` bytes; the header's size is the payload's byte count.
struct FixedBytesLeaf: Sendable {
    let node: Node
    /// 12 for ObjectId, 16 for UUID.
    let valueWidth: Int
    /// The number of values.
    let count: Int

    /// A leaf of no values, standing in where there is none.
    static let empty = FixedBytesLeaf(node: .empty, valueWidth: 12, count: 0)

    private init(node: Node, valueWidth: Int, count: Int) {
        self.node = node
        self.valueWidth = valueWidth
        self.count = count
    }

    init(_ bytes: FileBytes, at ref: Int, valueWidth: Int) throws(RealmFileError) {
        let node = try bytes.node(at: ref, valueWidth == 12 ? "ObjectId leaf" : "UUID leaf")
        guard node.widthType == 1, node.width <= 1 else {
            throw RealmFileError(.corruptNode, offset: ref, context: "fixed-bytes leaf with width \(node.width)")
        }
        let byteCount = node.width == 0 ? 0 : node.size
        let blockSize = 8 * valueWidth + 1
        let blocks = (byteCount + blockSize - 1) / blockSize
        guard (byteCount - blocks) % valueWidth == 0 else {
            throw RealmFileError(.corruptNode, offset: ref, context: "fixed-bytes leaf of \(byteCount) bytes")
        }
        self.node = node
        self.valueWidth = valueWidth
        self.count = (byteCount - blocks) / valueWidth
    }

    /// The offset of value `index`, or `nil` when it is null.
    @inline(__always)
    private func valueOffset(_ index: Int, _ bytes: FileBytes) throws(RealmFileError) -> Int? {
        guard index >= 0, index < count else {
            throw RealmFileError(.corruptNode, offset: node.ref, context: "fixed-bytes value \(index) of \(count)")
        }
        let blockStart = node.payload &+ (index >> 3) &* (8 &* valueWidth &+ 1)
        let slot = index & 7
        if (try bytes.uint8(at: blockStart) >> UInt8(slot)) & 1 == 1 { return nil }
        return blockStart &+ 1 &+ slot &* valueWidth
    }

    /// Value `index`, or `.null`.
    func value(at index: Int, _ bytes: FileBytes) throws(RealmFileError) -> StoredValue {
        guard let offset = try valueOffset(index, bytes) else { return .null }
        if valueWidth == 12 {
            return .objectId(try bytes.objectId(at: offset))
        }
        return .uuid(try bytes.uuid(at: offset))
    }
}

extension FileBytes {
    /// The 12 stored bytes at `offset` as an ObjectId.
    @inline(__always)
    func objectId(at offset: Int) throws(RealmFileError) -> StoredObjectId {
        let leading = try uint64(at: offset).byteSwapped  // stored big-endian
        let trailing = try uint32(at: offset &+ 8).byteSwapped
        return StoredObjectId(leading: leading, trailing: trailing)
    }

    /// The 16 stored bytes at `offset` as a UUID (bytes in their canonical textual order).
    @inline(__always)
    func uuid(at offset: Int) throws(RealmFileError) -> UUID {
        try withBytes(at: offset, count: 16) { raw in
            UUID(
                uuid: (
                    raw[0], raw[1], raw[2], raw[3], raw[4], raw[5], raw[6], raw[7],
                    raw[8], raw[9], raw[10], raw[11], raw[12], raw[13], raw[14], raw[15]
                ))
        }
    }
}

extension StoredObjectId {
    /// The ObjectId whose 12 stored bytes are `raw`; `nil` unless exactly 12 bytes.
    init?(raw: [UInt8]) { self.init(bytes: raw) }
}

extension UUID {
    /// The UUID whose 16 stored bytes are `raw`; `nil` unless exactly 16 bytes.
    init?(raw: [UInt8]) {
        guard raw.count == 16 else { return nil }
        self.init(
            uuid: (
                raw[0], raw[1], raw[2], raw[3], raw[4], raw[5], raw[6], raw[7],
                raw[8], raw[9], raw[10], raw[11], raw[12], raw[13], raw[14], raw[15]
            ))
    }
}
