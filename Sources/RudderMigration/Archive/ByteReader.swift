import Foundation

/// Bounds-checked reads at absolute offsets of a byte buffer: the only way the archive reader touches bytes.
///
/// Every read checks its range against `end` before touching memory and throws `KeyedArchiveError.truncated`
/// otherwise; numbers from the file are combined with overflow-checked arithmetic only.
struct ByteReader {
    private let bytes: [UInt8]
    /// One past the last readable offset (may be less than the buffer's length, to fence off a trailing table).
    let end: Int

    /// A reader over all of `data`.
    init(_ data: Data) {
        bytes = [UInt8](data)
        end = bytes.count
    }

    private init(bytes: [UInt8], end: Int) {
        self.bytes = bytes
        self.end = end
    }

    /// The same bytes, readable only below `limit` (clamped to the current end).
    func limited(to limit: Int) -> ByteReader {
        ByteReader(bytes: bytes, end: Swift.max(0, Swift.min(limit, end)))
    }

    /// The byte at `offset`.
    func byte(at offset: Int, _ context: @autoclosure () -> String) throws(KeyedArchiveError) -> UInt8 {
        guard offset >= 0, offset < end else { throw KeyedArchiveError(.truncated, context(), at: offset) }
        return bytes[offset]
    }

    /// `count` bytes starting at `offset`.
    func bytes(at offset: Int, count: Int, _ context: @autoclosure () -> String) throws(KeyedArchiveError)
        -> ArraySlice<UInt8>
    {
        let (last, overflow) = offset.addingReportingOverflow(count)
        guard offset >= 0, count >= 0, !overflow, last <= end else {
            throw KeyedArchiveError(.truncated, context(), at: offset)
        }
        return bytes[offset..<last]
    }

    /// The unsigned big-endian number in the `size` (1 to 8) bytes at `offset`.
    func unsigned(at offset: Int, size: Int, _ context: @autoclosure () -> String) throws(KeyedArchiveError)
        -> UInt64
    {
        guard (1...8).contains(size) else { throw KeyedArchiveError(.invalid, "\(context()) size \(size)", at: offset) }
        var value: UInt64 = 0
        for byte in try bytes(at: offset, count: size, context()) { value = value << 8 | UInt64(byte) }
        return value
    }

    /// `unsigned(at:size:)` as an `Int`, which must not exceed `limit`.
    func index(at offset: Int, size: Int, below limit: Int, _ context: @autoclosure () -> String)
        throws(KeyedArchiveError) -> Int
    {
        let value = try unsigned(at: offset, size: size, context())
        guard let index = Int(exactly: value), index < limit else {
            throw KeyedArchiveError(.invalid, "\(context()) \(value) (limit \(limit))", at: offset)
        }
        return index
    }
}
