import Foundation

/// Reads ``ValueEncoding`` bytes back, checking every length against the bytes left.
struct EncodedValueReader {
    /// Nesting deeper than this is refused (the encoding of a hostile input could otherwise recurse without end).
    static let maximumDepth = 64

    let bytes: [UInt8]
    private(set) var offset = 0

    init(bytes: [UInt8], offset: Int = 0) {
        self.bytes = bytes
        self.offset = offset
    }

    mutating func readValue(depth: Int) throws -> MigrationValue {
        guard depth <= Self.maximumDepth else { throw failure("values nested deeper than \(Self.maximumDepth)") }
        let tagOffset = offset
        let tag = try readUInt(byteCount: 1)
        switch tag {
        case 0: return .null
        case 1: return .int(Int64(bitPattern: try readUInt(byteCount: 8)))
        case 2:
            let flag = try readUInt(byteCount: 1)
            guard flag <= 1 else { throw failure("bool byte \(flag)") }
            return .bool(flag == 1)
        case 3: return .float(Float(bitPattern: UInt32(truncatingIfNeeded: try readUInt(byteCount: 4))))
        case 4: return .double(Double(bitPattern: try readUInt(byteCount: 8)))
        case 5: return .string(try readString())
        case 6: return .data(Data(try readBytes(count: try readLength())))
        case 7:
            let seconds = Int64(bitPattern: try readUInt(byteCount: 8))
            let nanoseconds = Int32(bitPattern: UInt32(truncatingIfNeeded: try readUInt(byteCount: 4)))
            return .date(seconds: seconds, nanoseconds: nanoseconds)
        case 8:
            let low = try readUInt(byteCount: 8)
            return .decimal128(low: low, high: try readUInt(byteCount: 8))
        case 9:
            let raw = try readBytes(count: 12)
            let leading = raw[0..<8].reduce(UInt64(0)) { $0 << 8 | UInt64($1) }
            let trailing = raw[8..<12].reduce(UInt32(0)) { $0 << 8 | UInt32($1) }
            return .objectId(leading: leading, trailing: trailing)
        case 10:
            let raw = try readBytes(count: 16)
            return .uuid(UUID(uuid: uuidTuple(raw)))
        case 11:
            let className = try readString()
            return .link(ObjectReference(className: className, key: Int64(bitPattern: try readUInt(byteCount: 8))))
        case 12, 13:
            let count = try readLength()
            var items: [MigrationValue] = []
            for _ in 0..<count { items.append(try readValue(depth: depth + 1)) }
            return tag == 12 ? .list(items) : .set(items)
        case 14:
            let count = try readLength()
            var entries: [MigrationDictionaryEntry] = []
            for _ in 0..<count {
                let key = try readString()
                entries.append(MigrationDictionaryEntry(key: key, value: try readValue(depth: depth + 1)))
            }
            return .dictionary(entries)
        default:
            throw MigrationError.malformedEncoding(offset: tagOffset, reason: "unknown tag \(tag)")
        }
    }

    private func failure(_ reason: String) -> MigrationError {
        .malformedEncoding(offset: offset, reason: reason)
    }

    private mutating func readUInt(byteCount: Int) throws -> UInt64 {
        guard bytes.count - offset >= byteCount else {
            throw failure("needs \(byteCount) bytes, \(bytes.count - offset) left")
        }
        var number: UInt64 = 0
        for index in 0..<byteCount { number |= UInt64(bytes[offset + index]) << (8 * UInt64(index)) }
        offset += byteCount
        return number
    }

    /// A length or count; it can never exceed the bytes left (each element takes at least one byte).
    private mutating func readLength() throws -> Int {
        let length = try readUInt(byteCount: 8)
        guard length <= UInt64(bytes.count - offset) else { throw failure("length \(length) exceeds the bytes left") }
        return Int(length)
    }

    private mutating func readBytes(count: Int) throws -> [UInt8] {
        guard bytes.count - offset >= count else { throw failure("needs \(count) bytes, \(bytes.count - offset) left") }
        defer { offset += count }
        return Array(bytes[offset..<(offset + count)])
    }

    private mutating func readString() throws -> String {
        let start = offset
        let raw = try readBytes(count: try readLength())
        guard let text = String(bytes: raw, encoding: .utf8) else {
            throw MigrationError.malformedEncoding(offset: start, reason: "string is not valid UTF-8")
        }
        return text
    }

    private func uuidTuple(_ raw: [UInt8]) -> uuid_t {
        var tuple: uuid_t = (0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0)
        withUnsafeMutableBytes(of: &tuple) { target in
            for (index, byte) in raw.enumerated() { target[index] = byte }
        }
        return tuple
    }
}
