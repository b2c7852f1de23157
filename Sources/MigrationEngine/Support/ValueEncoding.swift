import Foundation

/// The engine's canonical binary encoding of a ``MigrationValue``: deterministic, lossless (floating-point values by
/// their bit patterns, so NaN payloads and negative zero survive) and self-delimiting.
///
/// Layout: one tag byte, then the payload; integers are little-endian; lengths and counts are 8-byte unsigned.
///
/// | tag | value | payload |
/// |---|---|---|
/// | 0 | null | — |
/// | 1 | int | 8 bytes |
/// | 2 | bool | 1 byte (0 or 1) |
/// | 3 | float | 4 bytes, IEEE bits |
/// | 4 | double | 8 bytes, IEEE bits |
/// | 5 | string | length, UTF-8 bytes |
/// | 6 | data | length, bytes |
/// | 7 | date | 8 bytes seconds, 4 bytes nanoseconds |
/// | 8 | decimal128 | 8 bytes low half, 8 bytes high half |
/// | 9 | objectId | the 12 bytes in stored order |
/// | 10 | uuid | the 16 bytes in RFC 4122 order |
/// | 11 | link | class name as (length, UTF-8), 8 bytes key |
/// | 12 / 13 | list / set | count, then each element encoded |
/// | 14 | dictionary | count, then per entry the key as (length, UTF-8) and the value encoded |
///
/// Used for per-object digests and, by the SQLite destination, to store collections nested in mixed values.
public enum ValueEncoding {
    /// Appends the encoding of `value` to `buffer`.
    public static func encode(_ value: MigrationValue, into buffer: inout [UInt8]) {
        switch value {
        case .null: buffer.append(0)
        case .int(let number):
            buffer.append(1)
            append(UInt64(bitPattern: number), to: &buffer)
        case .bool(let flag): buffer.append(contentsOf: [2, flag ? 1 : 0])
        case .float(let number):
            buffer.append(3)
            append(UInt64(number.bitPattern), byteCount: 4, to: &buffer)
        case .double(let number):
            buffer.append(4)
            append(number.bitPattern, to: &buffer)
        case .string(let text):
            buffer.append(5)
            appendString(text, to: &buffer)
        case .data(let bytes):
            buffer.append(6)
            append(UInt64(bytes.count), to: &buffer)
            buffer.append(contentsOf: bytes)
        case .date(let seconds, let nanoseconds):
            buffer.append(7)
            append(UInt64(bitPattern: seconds), to: &buffer)
            append(UInt64(UInt32(bitPattern: nanoseconds)), byteCount: 4, to: &buffer)
        case .decimal128(let low, let high):
            buffer.append(8)
            append(low, to: &buffer)
            append(high, to: &buffer)
        case .objectId(let leading, let trailing):
            buffer.append(9)
            appendBigEndian(leading, byteCount: 8, to: &buffer)
            appendBigEndian(UInt64(trailing), byteCount: 4, to: &buffer)
        case .uuid(let uuid):
            buffer.append(10)
            withUnsafeBytes(of: uuid.uuid) { buffer.append(contentsOf: $0) }
        case .link(let reference):
            buffer.append(11)
            appendString(reference.className, to: &buffer)
            append(UInt64(bitPattern: reference.key), to: &buffer)
        case .list(let items), .set(let items):
            if case .list = value { buffer.append(12) } else { buffer.append(13) }
            append(UInt64(items.count), to: &buffer)
            for item in items { encode(item, into: &buffer) }
        case .dictionary(let entries):
            buffer.append(14)
            append(UInt64(entries.count), to: &buffer)
            for entry in entries {
                appendString(entry.key, to: &buffer)
                encode(entry.value, into: &buffer)
            }
        }
    }

    /// The encoding of `value`.
    public static func encoded(_ value: MigrationValue) -> [UInt8] {
        var buffer: [UInt8] = []
        encode(value, into: &buffer)
        return buffer
    }

    /// Decodes exactly one value that fills `bytes`.
    /// - Throws: ``MigrationError/malformedEncoding(offset:reason:)`` for truncated or malformed bytes.
    public static func decode(_ bytes: [UInt8]) throws -> MigrationValue {
        var reader = EncodedValueReader(bytes: bytes)
        let value = try reader.readValue(depth: 0)
        guard reader.offset == bytes.count else {
            throw MigrationError.malformedEncoding(offset: reader.offset, reason: "trailing bytes after the value")
        }
        return value
    }

    /// Decodes exactly one value that fills `range` of `bytes` (values kept one after another in one buffer).
    /// - Throws: ``MigrationError/malformedEncoding(offset:reason:)`` for truncated or malformed bytes.
    public static func decode(_ bytes: [UInt8], in range: Range<Int>) throws -> MigrationValue {
        guard range.lowerBound >= 0, range.upperBound <= bytes.count else {
            throw MigrationError.malformedEncoding(offset: range.lowerBound, reason: "range outside the bytes")
        }
        var reader = EncodedValueReader(bytes: bytes, offset: range.lowerBound)
        let value = try reader.readValue(depth: 0)
        guard reader.offset == range.upperBound else {
            throw MigrationError.malformedEncoding(offset: reader.offset, reason: "the value does not fill its range")
        }
        return value
    }

    static func append(_ number: UInt64, byteCount: Int = 8, to buffer: inout [UInt8]) {
        for index in 0..<byteCount { buffer.append(UInt8(truncatingIfNeeded: number >> (8 * UInt64(index)))) }
    }

    static func appendBigEndian(_ number: UInt64, byteCount: Int, to buffer: inout [UInt8]) {
        for index in (0..<byteCount).reversed() {
            buffer.append(UInt8(truncatingIfNeeded: number >> (8 * UInt64(index))))
        }
    }

    static func appendString(_ text: String, to buffer: inout [UInt8]) {
        append(UInt64(text.utf8.count), to: &buffer)
        buffer.append(contentsOf: text.utf8)
    }
}
