/// A reusable byte buffer in front of a `ByteDestination`: exporters append bytes and the buffer hands them on
/// in fixed-size chunks, so a document is never held in memory as a whole.
///
/// Appending never throws; the first failure of the destination is kept, later output is dropped, and
/// `flush()` rethrows it. Writers check `failure` between objects to stop early.
public final class OutputBuffer {
    private let destination: any ByteDestination
    private let storage: UnsafeMutablePointer<UInt8>
    private let capacity: Int
    /// The number of bytes in the buffer. Kept behind a pointer so the hot append paths need no dynamic
    /// exclusivity checks.
    private let fill: UnsafeMutablePointer<Int>
    /// The destination's first error, if a write failed.
    public private(set) var failure: (any Error)?
    /// The number of bytes handed to the destination so far.
    private var drainedBytes: Int64 = 0

    /// The number of bytes appended so far (including those still in the buffer).
    public var totalBytes: Int64 { drainedBytes &+ Int64(fill.pointee) }

    /// Creates a buffer of `capacity` bytes (at least 64) in front of `destination`.
    public init(destination: any ByteDestination, capacity: Int = 1 << 16) {
        self.destination = destination
        self.capacity = max(capacity, 64)
        storage = UnsafeMutablePointer<UInt8>.allocate(capacity: self.capacity)
        fill = UnsafeMutablePointer<Int>.allocate(capacity: 1)
        fill.initialize(to: 0)
    }

    deinit {
        storage.deallocate()
        fill.deallocate()
    }

    /// Hands the buffered bytes to the destination; throws the first write error seen.
    public func flush() throws {
        drain()
        if let failure { throw failure }
    }

    /// Kept out of line so the append paths do not touch `failure` and `drainedBytes` (and pay exclusivity checks)
    /// unless the buffer is actually full.
    @inline(never)
    private func drain() {
        let count = fill.pointee
        guard count > 0 else { return }
        if failure == nil {
            do {
                try destination.write(UnsafeRawBufferPointer(start: storage, count: count))
            } catch {
                failure = error
            }
        }
        drainedBytes &+= Int64(count)
        fill.pointee = 0
    }

    /// Makes room for `needed` contiguous bytes (`needed` ≤ 64) and returns where to write them;
    /// call `commit(_:)` with the number actually written.
    @inline(__always)
    func reserve(_ needed: Int) -> UnsafeMutablePointer<UInt8> {
        if capacity &- fill.pointee < needed { drain() }
        return storage + fill.pointee
    }

    /// Records that `written` bytes were stored at the pointer `reserve` returned.
    @inline(__always)
    func commit(_ written: Int) { fill.pointee &+= written }

    /// Appends one byte.
    @inline(__always)
    public func append(_ byte: UInt8) {
        if fill.pointee == capacity { drain() }
        storage[fill.pointee] = byte
        fill.pointee &+= 1
    }

    /// Appends the bytes of a string literal (ASCII or UTF-8).
    @inline(__always)
    public func append(_ text: StaticString) {
        append(UnsafeRawBufferPointer(start: text.utf8Start, count: text.utf8CodeUnitCount))
    }

    /// Appends raw bytes.
    @inline(__always)
    public func append(_ bytes: UnsafeRawBufferPointer) {
        let count = bytes.count
        let free = capacity &- fill.pointee
        if count <= 32, count <= free, let source = bytes.baseAddress {
            appendShort(source, count)
        } else {
            appendLong(bytes)
        }
    }

    /// Copies up to 32 bytes that fit in 8-byte words (the last one overlapping), where a call of `memmove` would
    /// cost more than the copy: most appends are field names, short strings and punctuation.
    @inline(__always)
    private func appendShort(_ source: UnsafeRawPointer, _ count: Int) {
        let target = UnsafeMutableRawPointer(storage + fill.pointee)
        if count >= 8 {
            var offset = 0
            while offset &+ 8 < count {
                target.storeBytes(
                    of: source.loadUnaligned(fromByteOffset: offset, as: UInt64.self), toByteOffset: offset,
                    as: UInt64.self)
                offset &+= 8
            }
            target.storeBytes(
                of: source.loadUnaligned(fromByteOffset: count &- 8, as: UInt64.self), toByteOffset: count &- 8,
                as: UInt64.self)
        } else {
            var offset = 0
            while offset < count {
                target.storeBytes(
                    of: source.load(fromByteOffset: offset, as: UInt8.self), toByteOffset: offset, as: UInt8.self)
                offset &+= 1
            }
        }
        fill.pointee &+= count
    }

    private func appendLong(_ bytes: UnsafeRawBufferPointer) {
        guard var source = bytes.baseAddress else { return }
        var remaining = bytes.count
        while remaining > 0 {
            if fill.pointee == capacity { drain() }
            let count = fill.pointee
            let chunk = min(remaining, capacity &- count)
            (storage + count).update(from: source.assumingMemoryBound(to: UInt8.self), count: chunk)
            fill.pointee = count &+ chunk
            source += chunk
            remaining &-= chunk
        }
    }

    /// Appends raw bytes.
    public func append(_ bytes: [UInt8]) {
        bytes.withUnsafeBytes { append($0) }
    }

    /// Appends a string's UTF-8 bytes unchanged.
    public func append(utf8 text: String) {
        var text = text
        text.withUTF8 { append(UnsafeRawBufferPointer($0)) }
    }

    /// Appends a signed integer in decimal.
    public func append(decimal value: Int64) {
        let pointer = reserve(20)
        var magnitude = value.magnitude
        var digits: (UInt64, UInt64, UInt64) = (0, 0, 0)
        var length = 0
        withUnsafeMutableBytes(of: &digits) { scratch in
            repeat {
                let (quotient, remainder) = magnitude.quotientAndRemainder(dividingBy: 10)
                scratch[23 &- length] = UInt8(truncatingIfNeeded: remainder) &+ 0x30
                length &+= 1
                magnitude = quotient
            } while magnitude != 0
            var offset = 0
            if value < 0 {
                pointer[0] = 0x2D
                offset = 1
            }
            for index in 0..<length { pointer[offset &+ index] = scratch[24 &- length &+ index] }
            commit(offset &+ length)
        }
    }

    /// Appends an unsigned integer in decimal.
    public func append(decimal value: UInt64) {
        if value <= UInt64(Int64.max) {
            append(decimal: Int64(value))
        } else {
            append(decimal: Int64(value / 10))
            append(UInt8(truncatingIfNeeded: value % 10) &+ 0x30)
        }
    }
}
