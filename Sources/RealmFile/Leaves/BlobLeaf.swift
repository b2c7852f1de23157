import Foundation

/// A leaf of strings or binary values, in any of the engine's sub-formats (realm-file-format.md §6.4, §6.5).
///
/// The node's header decides the sub-format: short strings (inline slots), medium strings / small blobs
/// (`[offsets, blob, nulls]`), big strings / big blobs (one blob node per element, possibly chunked), or an
/// enumerated string column (indices into a separate leaf of distinct values). The value holds only decoded
/// headers (no references), so copying it is cheap.
struct BlobLeaf: Sendable {
    /// A leaf that stores its elements itself.
    enum Plain: Sendable {
        case short(Node)
        /// `legacy`: a string leaf of a format 2–9 file, where a set null flag marks a value that is present and an
        /// element without its terminator reads as "" (realm-core 6 reads such leaves so when upgrading).
        case medium(offsets: Node, blob: Node, nulls: Node?, legacy: Bool)
        case big(Node)
    }

    enum Storage: Sendable {
        case plain(Plain)
        /// Element r is `values[indices[r]]`.
        case enumerated(indices: Node, values: Plain)
    }

    /// Where one element's bytes are.
    enum Location {
        case null
        case contiguous(offset: Int, length: Int)
        case chunked([(offset: Int, length: Int)])
    }

    let storage: Storage

    /// A leaf of no elements, standing in where there is none.
    static let empty = BlobLeaf(storage: .plain(.short(.empty)), dropsTerminator: false)

    private init(storage: Storage, dropsTerminator: Bool) {
        self.storage = storage
        self.dropsTerminator = dropsTerminator
    }

    /// Medium and big *string* elements end with a 0 byte that is not part of the value; binaries do not.
    let dropsTerminator: Bool

    /// The number of elements.
    var count: Int {
        switch storage {
        case .plain(let plain): return Self.count(plain)
        case .enumerated(let indices, _): return indices.size
        }
    }

    private static func count(_ plain: Plain) -> Int {
        switch plain {
        case .short(let node), .big(let node): return node.size
        case .medium(let offsets, _, _, _): return offsets.size
        }
    }

    /// Reads the leaf at `ref`. `isString` selects string semantics (trailing 0 in medium/big elements);
    /// `enumValuesRef` is the distinct-values leaf of an enumerated string column, if the column has one.
    /// `legacyNulls`: the leaf is a medium string leaf of a format 2–9 file, whose null flags are set for values
    /// that are present (`ArraySmallBlobs::get_string_legacy` at v6.2.4; `ArrayStringLong::is_null` at v5.23.9).
    init(
        _ bytes: FileBytes, at ref: Int, isString: Bool, enumValuesRef: Int? = nil, legacyNulls: Bool = false
    ) throws(RealmFileError) {
        self.dropsTerminator = isString
        let node = try bytes.node(at: ref, isString ? "string leaf" : "binary leaf")
        let legacy = isString && legacyNulls
        if !node.hasRefs, node.widthType == 0, isString, let enumValuesRef {
            let values = try Self.plain(
                bytes, try bytes.node(at: enumValuesRef, "enumerated string values"), legacyNulls: legacy)
            storage = .enumerated(indices: node, values: values)
        } else {
            storage = .plain(try Self.plain(bytes, node, legacyNulls: legacy))
        }
    }

    private static func plain(_ bytes: FileBytes, _ node: Node, legacyNulls: Bool) throws(RealmFileError) -> Plain {
        let ref = node.ref
        if !node.hasRefs {
            guard node.widthType == 1 else {
                throw RealmFileError(.corruptNode, offset: ref, context: "string/binary leaf of unknown kind")
            }
            return .short(node)
        }
        if node.context { return .big(node) }
        guard node.size == 2 || node.size == 3 else {
            throw RealmFileError(
                .corruptNode, offset: ref, context: "medium string/small blob leaf with \(node.size) slots")
        }
        let offsets = try bytes.integerArray(
            at: try bytes.ref(try bytes.slot(node, 0), "blob offsets", from: ref), "blob offsets")
        let blob = try bytes.node(at: try bytes.ref(try bytes.slot(node, 1), "blob data", from: ref), "blob data")
        var nulls: Node? = nil
        if node.size == 3 {
            let flags = try bytes.integerArray(
                at: try bytes.ref(try bytes.slot(node, 2), "blob null flags", from: ref), "blob null flags")
            guard flags.size >= offsets.size else {
                throw RealmFileError(.corruptNode, offset: flags.ref, context: "blob null flags shorter than offsets")
            }
            nulls = flags
        }
        return .medium(offsets: offsets, blob: blob, nulls: nulls, legacy: legacyNulls)
    }

    /// Where element `index` is, without its string terminator.
    func locate(_ index: Int, _ bytes: FileBytes) throws(RealmFileError) -> Location {
        switch storage {
        case .plain(let plain):
            return try locate(index, in: plain, bytes)
        case .enumerated(let indices, let values):
            let position = try bytes.integer(indices, index)
            guard let valueIndex = Int(exactly: position), valueIndex >= 0, valueIndex < Self.count(values) else {
                throw RealmFileError(.corruptNode, offset: indices.ref, context: "enumerated string index \(position)")
            }
            return try locate(valueIndex, in: values, bytes)
        }
    }

    private func locate(_ index: Int, in plain: Plain, _ bytes: FileBytes) throws(RealmFileError) -> Location {
        switch plain {
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
        case .medium(let offsets, let blob, let nulls, let legacy):
            if let nulls, (try bytes.integer(nulls, index) != 0) != legacy { return .null }
            let end = try bytes.integer(offsets, index)
            let begin = index == 0 ? 0 : try bytes.integer(offsets, index &- 1)
            guard begin >= 0, end >= begin, end <= Int64(blob.payloadLength) else {
                throw RealmFileError(
                    .corruptNode, offset: offsets.ref,
                    context: "blob offsets \(begin)..<\(end) outside a \(blob.payloadLength)-byte blob")
            }
            var length = Int(end &- begin)
            if dropsTerminator {
                // realm-core 6 upgrades an old element whose stored length leaves no room for the terminator as
                // an empty string (`get_val_from_column` in `table.cpp` at v6.2.4).
                if legacy && length == 0 { return .contiguous(offset: blob.payload &+ Int(begin), length: 0) }
                guard length > 0 else {
                    throw RealmFileError(.corruptNode, offset: offsets.ref, context: "medium string without terminator")
                }
                length &-= 1
            }
            return .contiguous(offset: blob.payload &+ Int(begin), length: length)
        case .big(let node):
            let value = try bytes.slot(node, index)
            if value == 0 { return .null }
            let blob = try bytes.node(at: try bytes.ref(value, "big blob", from: node.ref), "big blob")
            if blob.context && blob.hasRefs { return try chunks(of: blob, bytes) }
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
        }
    }

    /// A chunked big blob: a has-refs array of byte arrays to concatenate (values over ~16 MB).
    private func chunks(of blob: Node, _ bytes: FileBytes) throws(RealmFileError) -> Location {
        var chunks: [(offset: Int, length: Int)] = []
        for chunkIndex in 0..<blob.size {
            let chunk = try bytes.node(
                at: try bytes.ref(try bytes.slot(blob, chunkIndex), "blob chunk", from: blob.ref), "blob chunk")
            guard chunk.widthType == 2 else {
                throw RealmFileError(.corruptNode, offset: chunk.ref, context: "blob chunk is not a byte array")
            }
            chunks.append((chunk.payload, chunk.payloadLength))
        }
        if dropsTerminator {
            guard let last = chunks.last, last.length > 0 else {
                throw RealmFileError(.corruptNode, offset: blob.ref, context: "chunked string without terminator")
            }
            chunks[chunks.count - 1].length = last.length - 1
        }
        return .chunked(chunks)
    }

    /// Element `index` as text (UTF-8, invalid sequences replaced), or `nil` for null.
    func string(at index: Int, _ bytes: FileBytes) throws(RealmFileError) -> String? {
        switch try locate(index, bytes) {
        case .null: return nil
        case .contiguous(let offset, let length):
            return try bytes.withBytes(at: offset, count: length) { String(decoding: $0, as: UTF8.self) }
        case .chunked(let chunks):
            return String(decoding: try gather(chunks, bytes), as: UTF8.self)
        }
    }

    /// Element `index` as bytes, or `nil` for null.
    func data(at index: Int, _ bytes: FileBytes) throws(RealmFileError) -> Data? {
        switch try locate(index, bytes) {
        case .null: return nil
        case .contiguous(let offset, let length):
            return try bytes.withBytes(at: offset, count: length) { Data($0) }
        case .chunked(let chunks):
            return Data(try gather(chunks, bytes))
        }
    }

    /// Element `index` as exactly `count` raw bytes (ObjectId/UUID payloads in mixed values), or `nil` for null.
    func fixedBytes(at index: Int, count: Int, _ bytes: FileBytes) throws(RealmFileError) -> [UInt8]? {
        switch try locate(index, bytes) {
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

    private func gather(_ chunks: [(offset: Int, length: Int)], _ bytes: FileBytes) throws(RealmFileError) -> [UInt8] {
        var result: [UInt8] = []
        for chunk in chunks {
            try bytes.withBytes(at: chunk.offset, count: chunk.length) { result.append(contentsOf: $0) }
        }
        return result
    }
}
