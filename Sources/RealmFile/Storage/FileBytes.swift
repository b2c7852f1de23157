/// The one bounds-checked window through which every byte of a Realm file is read.
///
/// It is a base pointer plus a size, both fixed for the life of the owning storage (see `ByteStorage`). Every load
/// checks its range against `count` and throws `RealmFileError.truncated` instead of reading outside. Values are
/// little-endian as stored (the node header's big-endian size is assembled byte by byte by `Node`).
struct FileBytes: @unchecked Sendable {
    // Sendable: the memory behind `base` is read-only for the lifetime of the owning `ByteStorage`, which
    // the reader keeps alive; no one writes through it.
    let base: UnsafeRawPointer
    /// The number of readable bytes: the logical size of the file.
    let count: Int
    /// Called before a node is read when the bytes are produced on demand (encrypted files); `NoPageLoader`
    /// otherwise. Not retained: the owning storage keeps the loader alive, as it does `base`, so copies of
    /// `FileBytes` stay free of reference counting.
    private unowned(unsafe) let pageLoader: any PageLoader
    private let hasPageLoader: Bool

    init(base: UnsafeRawPointer, count: Int, loader: (any PageLoader)? = nil) {
        self.base = base
        self.count = max(0, count)
        pageLoader = loader ?? NoPageLoader.shared
        hasPageLoader = loader != nil
    }

    /// The page loader, if the bytes are produced on demand.
    var loader: (any PageLoader)? { hasPageLoader ? pageLoader : nil }

    /// Throws unless `offset ..< offset + length` lies inside the file.
    @inline(__always)
    func checkRange(_ offset: Int, _ length: Int, _ context: @autoclosure () -> String) throws(RealmFileError) {
        guard offset >= 0, length >= 0, offset <= count, length <= count &- offset else {
            throw RealmFileError(.truncated, offset: offset, context: context())
        }
    }

    /// Checks a range and asks the page loader, if any, to make it readable.
    @inline(__always)
    func prepare(_ offset: Int, _ length: Int, _ context: @autoclosure () -> String) throws(RealmFileError) {
        try checkRange(offset, length, context())
        if hasPageLoader { try pageLoader.ensureLoaded(offset: offset, count: length) }
    }

    @inline(__always)
    func uint8(at offset: Int) throws(RealmFileError) -> UInt8 {
        try checkRange(offset, 1, "byte")
        return base.load(fromByteOffset: offset, as: UInt8.self)
    }

    @inline(__always)
    func uint16(at offset: Int) throws(RealmFileError) -> UInt16 {
        try checkRange(offset, 2, "16-bit value")
        return UInt16(littleEndian: base.loadUnaligned(fromByteOffset: offset, as: UInt16.self))
    }

    @inline(__always)
    func uint32(at offset: Int) throws(RealmFileError) -> UInt32 {
        try checkRange(offset, 4, "32-bit value")
        return UInt32(littleEndian: base.loadUnaligned(fromByteOffset: offset, as: UInt32.self))
    }

    @inline(__always)
    func uint64(at offset: Int) throws(RealmFileError) -> UInt64 {
        try checkRange(offset, 8, "64-bit value")
        return UInt64(littleEndian: base.loadUnaligned(fromByteOffset: offset, as: UInt64.self))
    }

    /// Calls `body` with the bytes `offset ..< offset + length`, after checking the range.
    @inline(__always)
    func withBytes<R>(
        at offset: Int, count length: Int, _ body: (UnsafeRawBufferPointer) -> R
    ) throws(RealmFileError) -> R {
        try checkRange(offset, length, "byte range")
        return body(UnsafeRawBufferPointer(start: base + offset, count: length))
    }
}
