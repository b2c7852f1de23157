import Foundation

/// A leaf of strings or binary values, in any of the engine's sub-formats (realm-file-format.md §6.4, §6.5).
///
/// The node's header decides the sub-format: short strings (inline slots), medium strings / small blobs
/// (`[offsets, blob, nulls]`), big strings / big blobs (one blob node per element, possibly chunked), or an
/// enumerated string column (indices into a separate leaf of distinct values).
struct BlobLeaf: Sendable {
    enum Storage: Sendable {
        case short(Node)
        case medium(offsets: Node, blob: Node, nulls: Node?)
        case big(Node)
        indirect case enumerated(indices: Node, values: BlobLeaf)
    }

    /// Where one element's bytes are.
    enum Location {
        case null
        case contiguous(offset: Int, length: Int)
        case chunked([(offset: Int, length: Int)])
    }

    let storage: Storage
    /// Medium and big *string* elements end with a 0 byte that is not part of the value; binaries do not.
    let dropsTerminator: Bool
    let bytes: FileBytes

    /// The number of elements.
    var count: Int {
        switch storage {
        case .short(let node), .big(let node): return node.size
        case .medium(let offsets, _, _): return offsets.size
        case .enumerated(let indices, _): return indices.size
        }
    }

    /// Reads the leaf at `ref`. `isString` selects string semantics (trailing 0 in medium/big elements);
    /// `enumValuesRef` is the distinct-values leaf of an enumerated string column, if the column has one.
    init(_ bytes: FileBytes, at ref: Int, isString: Bool, enumValuesRef: Int? = nil) throws(RealmFileError) {
        self.bytes = bytes
        self.dropsTerminator = isString
        let node = try bytes.node(at: ref, isString ? "string leaf" : "binary leaf")
        if !node.hasRefs {
            if node.widthType == 1 {
                storage = .short(node)
            } else if node.widthType == 0, isString, let enumValuesRef {
                let values = try BlobLeaf(bytes, at: enumValuesRef, isString: true)
                if case .enumerated = values.storage {
                    throw RealmFileError(.cycle, offset: enumValuesRef, context: "enumerated string values")
                }
                storage = .enumerated(indices: node, values: values)
            } else {
                throw RealmFileError(.corruptNode, offset: ref, context: "string/binary leaf of unknown kind")
            }
        } else if node.context {
            storage = .big(node)
        } else {
            guard node.size == 2 || node.size == 3 else {
                throw RealmFileError(
                    .corruptNode, offset: ref, context: "medium string/small blob leaf with \(node.size) slots")
            }
            let offsets = try bytes.integerArray(
                at: try bytes.ref(try bytes.slot(node, 0), "blob offsets", from: ref), "blob offsets")
            let blob = try bytes.node(at: try bytes.ref(try bytes.slot(node, 1), "blob data", from: ref), "blob data")
            var nulls: Node? = nil
            if node.size == 3 {
                nulls = try bytes.integerArray(
                    at: try bytes.ref(try bytes.slot(node, 2), "blob null flags", from: ref), "blob null flags")
            }
            if let nulls, nulls.size < offsets.size {
                throw RealmFileError(.corruptNode, offset: nulls.ref, context: "blob null flags shorter than offsets")
            }
            storage = .medium(offsets: offsets, blob: blob, nulls: nulls)
        }
    }

    /// Where element `index` is, without its string terminator.
    func locate(_ index: Int) throws(RealmFileError) -> Location {
        switch storage {
        case .short(let node):
            guard index >= 0, index < node.size else {
                throw RealmFileError(.corruptNode, offset: node.ref, context: "short string \(index) of \(node.size)")
            }
            let width = node.width
            if width == 0 { return .null }
            let start = node.payload &+ index &* width
            let marker = Int(try bytes.uint8(at: start &+ width &- 1))
            if marker == width { return .null }
            guard marker < width else {
                throw RealmFileError(
                    .corruptNode, offset: start, context: "short string length byte \(marker) in a \(width)-byte slot")
            }
            return .contiguous(offset: start, length: width &- 1 &- marker)
        case .medium(let offsets, let blob, let nulls):
            if let nulls, try bytes.integer(nulls, index) != 0 { return .null }
            let end = try bytes.integer(offsets, index)
            let begin = index == 0 ? 0 : try bytes.integer(offsets, index &- 1)
            guard begin >= 0, end >= begin, end <= Int64(blob.payloadLength) else {
                throw RealmFileError(
                    .corruptNode, offset: offsets.ref,
                    context: "blob offsets \(begin)..<\(end) outside a \(blob.payloadLength)-byte blob")
            }
            var length = Int(end &- begin)
            if dropsTerminator {
                guard length > 0 else {
                    throw RealmFileError(.corruptNode, offset: offsets.ref, context: "medium string without terminator")
                }
                length &-= 1
            }
            return .contiguous(offset: blob.payload &+ Int(begin), length: length)
        case .big(let node):
            let value = try bytes.slot(node, index)
            if value == 0 { return .null }
            guard value & 1 == 0 else {
                throw RealmFileError(.corruptNode, offset: node.ref, context: "big blob element is a tagged integer")
            }
            let blob = try bytes.node(at: try bytes.ref(value, "big blob", from: node.ref), "big blob")
            if blob.context && blob.hasRefs {
                var chunks: [(offset: Int, length: Int)] = []
                for chunkIndex in 0..<blob.size {
                    let chunk = try bytes.node(
                        at: try bytes.ref(try bytes.slot(blob, chunkIndex), "blob chunk", from: blob.ref), "blob chunk")
                    chunks.append((chunk.payload, chunk.payloadLength))
                }
                if dropsTerminator {
                    guard let last = chunks.last, last.length > 0 else {
                        throw RealmFileError(
                            .corruptNode, offset: blob.ref, context: "chunked string without terminator")
                    }
                    chunks[chunks.count - 1].length = last.length - 1
                }
                return .chunked(chunks)
            }
            guard blob.widthType == 2 else {
                throw RealmFileError(.corruptNode, offset: blob.ref, context: "big blob is not a byte array")
            }
            var length = blob.payloadLength
            if dropsTerminator {
                guard length > 0 else {
                    throw RealmFileError(.corruptNode, offset: blob.ref, context: "big string without terminator")
                }
                length -= 1
            }
            return .contiguous(offset: blob.payload, length: length)
        case .enumerated(let indices, let values):
            let position = try bytes.integer(indices, index)
            guard let valueIndex = Int(exactly: position), valueIndex >= 0, valueIndex < values.count else {
                throw RealmFileError(.corruptNode, offset: indices.ref, context: "enumerated string index \(position)")
            }
            return try values.locate(valueIndex)
        }
    }

    /// Element `index` as text (UTF-8, invalid sequences replaced), or `nil` for null.
    func string(at index: Int) throws(RealmFileError) -> String? {
        switch try locate(index) {
        case .null: return nil
        case .contiguous(let offset, let length):
            return try bytes.withBytes(at: offset, count: length) { String(decoding: $0, as: UTF8.self) }
        case .chunked(let chunks):
            return String(decoding: try gather(chunks), as: UTF8.self)
        }
    }

    /// Element `index` as bytes, or `nil` for null.
    func data(at index: Int) throws(RealmFileError) -> Data? {
        switch try locate(index) {
        case .null: return nil
        case .contiguous(let offset, let length):
            return try bytes.withBytes(at: offset, count: length) { Data($0) }
        case .chunked(let chunks):
            return Data(try gather(chunks))
        }
    }

    /// Element `index` as exactly `count` raw bytes (ObjectId/UUID payloads in mixed values), or `nil` for null.
    func fixedBytes(at index: Int, count: Int) throws(RealmFileError) -> [UInt8]? {
        switch try locate(index) {
        case .null: return nil
        case .contiguous(let offset, let length):
            guard length == count else {
                throw RealmFileError(
                    .corruptNode, offset: offset, context: "\(length)-byte value where \(count) bytes are expected")
            }
            return try bytes.withBytes(at: offset, count: length) { Array($0) }
        case .chunked:
            throw RealmFileError(.corruptNode, context: "chunked blob where \(count) bytes are expected")
        }
    }

    private func gather(_ chunks: [(offset: Int, length: Int)]) throws(RealmFileError) -> [UInt8] {
        var result: [UInt8] = []
        for chunk in chunks {
            try bytes.withBytes(at: chunk.offset, count: chunk.length) { result.append(contentsOf: $0) }
        }
        return result
    }
}
