/// A decoded node header (realm-file-format.md §2.2): where the node is, what it holds, and how many elements.
///
/// A `Node` is only made by `FileBytes.node(at:_:)`, which has checked that the header and the whole payload lie
/// inside the file, so element reads can rely on `payload ..< payload + payloadLength` being in range (they are
/// still checked by `FileBytes`).
struct Node: Sendable {
    /// The node's offset in the file (its ref).
    let ref: Int
    private let storedSize: Int32
    private let storedPayloadLength: Int32
    private let storedWidth: UInt8
    private let flags: UInt8
    /// 0 = bits (integer arrays), 1 = multiply (bytes per element), 2 = ignore (one byte per element).
    let widthType: UInt8

    init(ref: Int, flags: UInt8, widthType: UInt8, width: Int, size: Int, payloadLength: Int) {
        self.ref = ref
        self.flags = flags
        self.widthType = widthType
        // Sizes come from a 24-bit field and widths from a 3-bit code, so these conversions are exact.
        self.storedWidth = UInt8(clamping: width)
        self.storedSize = Int32(clamping: size)
        self.storedPayloadLength = Int32(clamping: payloadLength)
    }

    /// A node of no elements at ref 0, standing in for an absent node; never read from.
    static let empty = Node(ref: 0, flags: 0, widthType: 0, width: 0, size: 0, payloadLength: 0)

    /// Inner node of a B+tree (cluster tree or collection tree).
    var isInner: Bool { flags & 0x80 != 0 }
    /// Elements are refs or tagged integers.
    var hasRefs: Bool { flags & 0x40 != 0 }
    /// The context flag; its meaning depends on the node kind.
    var context: Bool { flags & 0x20 != 0 }
    /// Bits per element for width type 0, bytes per element for width type 1, 1 for width type 2.
    var width: Int { Int(storedWidth) }
    /// The number of elements (bytes for width type 2 and for fixed-bytes arrays).
    var size: Int { Int(storedSize) }
    /// The number of meaningful payload bytes (padding excluded).
    var payloadLength: Int { Int(storedPayloadLength) }
    /// The offset of the first payload byte.
    var payload: Int { ref &+ 8 }
}

/// How many nested refs any real Realm structure needs at most; deeper means a cycle or a crafted file.
let maximumTreeDepth = 48

/// The most elements a node narrower than a byte per element may claim. Such arrays cost (almost) no payload per
/// element, so without a limit a few bytes could make the reader materialise millions of values. The engine
/// writes at most 1000 elements per B+tree leaf and 256 objects per cluster.
let maximumNarrowArraySize = 4096

/// The most objects one cluster (cluster-tree leaf) may claim; the engine writes at most 256.
let maximumClusterSize = 65536

extension FileBytes {
    /// Converts a value found in the file to a ref: non-zero, 8-byte aligned, and inside the file.
    @inline(__always)
    func ref(_ value: UInt64, _ context: @autoclosure () -> String, from origin: Int) throws(RealmFileError) -> Int {
        guard value != 0, value & 7 == 0, let ref = Int(exactly: value), ref <= count &- 8 else {
            throw RealmFileError(.badRef, offset: origin, context: "\(context()) (ref \(value))")
        }
        return ref
    }

    /// Makes a node read before readable again, header and payload, after its pages were released.
    func reload(_ node: Node, _ context: @autoclosure () -> String) throws(RealmFileError) {
        try prepare(node.ref, 8 &+ node.payloadLength, "\(context()) node")
    }

    /// Reads and checks the node header at `ref`, and makes its payload readable.
    func node(at ref: Int, _ context: @autoclosure () -> String) throws(RealmFileError) -> Node {
        guard ref > 0, ref & 7 == 0 else {
            throw RealmFileError(.badRef, offset: ref, context: "\(context()) (misaligned or null ref)")
        }
        try prepare(ref, 8, "\(context()) node header")
        let flags = base.load(fromByteOffset: ref &+ 4, as: UInt8.self)
        let size =
            Int(base.load(fromByteOffset: ref &+ 5, as: UInt8.self)) << 16
            | Int(base.load(fromByteOffset: ref &+ 6, as: UInt8.self)) << 8
            | Int(base.load(fromByteOffset: ref &+ 7, as: UInt8.self))
        let widthType = (flags >> 3) & 3
        let width = (1 << Int(flags & 7)) >> 1
        let payloadLength: Int
        switch widthType {
        case 0: payloadLength = (size * width + 7) >> 3
        case 1: payloadLength = size * width
        case 2: payloadLength = size
        default:
            throw RealmFileError(
                .corruptNode, offset: ref,
                context: "\(context()): node uses the unreleased format-25 compressed encoding")
        }
        let narrow = (widthType == 0 && width < 8) || (widthType == 1 && width == 0)
        guard !narrow || size <= maximumNarrowArraySize else {
            throw RealmFileError(
                .corruptNode, offset: ref,
                context: "\(context()): \(size) elements of width \(width) (more than any real leaf holds)")
        }
        try prepare(ref &+ 8, payloadLength, "\(context()) node payload")
        return Node(
            ref: ref, flags: flags, widthType: widthType, width: width, size: size, payloadLength: payloadLength)
    }

    /// Reads the node at `ref` and checks that it is an integer array (width type 0).
    func integerArray(at ref: Int, _ context: @autoclosure () -> String) throws(RealmFileError) -> Node {
        let node = try node(at: ref, context())
        guard node.widthType == 0 else {
            throw RealmFileError(.corruptNode, offset: ref, context: "\(context()): expected an integer array")
        }
        return node
    }

    /// Reads and checks a has-refs array (B+tree node, cluster, table top, …).
    func refArray(at ref: Int, _ context: @autoclosure () -> String) throws(RealmFileError) -> Node {
        let node = try integerArray(at: ref, context())
        guard node.hasRefs else {
            throw RealmFileError(.corruptNode, offset: ref, context: "\(context()): expected an array of refs")
        }
        return node
    }

    /// Element `index` of an integer array, sign-extended for widths 8–64 (§2.3).
    @inline(__always)
    func integer(_ node: Node, _ index: Int) throws(RealmFileError) -> Int64 {
        guard index >= 0, index < node.size else {
            throw RealmFileError(
                .corruptNode, offset: node.ref, context: "element \(index) of a \(node.size)-element array")
        }
        let payload = node.payload
        switch node.width {
        case 0: return 0
        case 1: return Int64((try uint8(at: payload &+ (index >> 3)) >> UInt8(index & 7)) & 1)
        case 2: return Int64((try uint8(at: payload &+ (index >> 2)) >> UInt8((index & 3) << 1)) & 3)
        case 4: return Int64((try uint8(at: payload &+ (index >> 1)) >> UInt8((index & 1) << 2)) & 15)
        case 8: return Int64(Int8(bitPattern: try uint8(at: payload &+ index)))
        case 16: return Int64(Int16(bitPattern: try uint16(at: payload &+ (index << 1))))
        case 32: return Int64(Int32(bitPattern: try uint32(at: payload &+ (index << 2))))
        default: return Int64(bitPattern: try uint64(at: payload &+ (index << 3)))
        }
    }

    /// Element `index` of an unsigned array (cluster key arrays, B+tree offsets; §2.3 unsigned variant).
    @inline(__always)
    func unsignedInteger(_ node: Node, _ index: Int) throws(RealmFileError) -> UInt64 {
        guard index >= 0, index < node.size else {
            throw RealmFileError(
                .corruptNode, offset: node.ref, context: "element \(index) of a \(node.size)-element array")
        }
        switch node.width {
        case 8: return UInt64(try uint8(at: node.payload &+ index))
        case 16: return UInt64(try uint16(at: node.payload &+ (index << 1)))
        case 32: return UInt64(try uint32(at: node.payload &+ (index << 2)))
        default: return UInt64(bitPattern: try integer(node, index))
        }
    }

    /// Element `index` of a has-refs array as the raw 64-bit pattern (0 = null, odd = tagged, even = ref; §2.1).
    @inline(__always)
    func slot(_ node: Node, _ index: Int) throws(RealmFileError) -> UInt64 {
        UInt64(bitPattern: try integer(node, index))
    }

    /// Slot `index` of a has-refs array that must hold a ref, or `nil` when it is 0 or past the end.
    func optionalRef(_ node: Node, _ index: Int, _ context: @autoclosure () -> String) throws(RealmFileError) -> Int? {
        guard index < node.size else { return nil }
        let value = try slot(node, index)
        if value == 0 { return nil }
        guard value & 1 == 0 else {
            throw RealmFileError(
                .corruptNode, offset: node.ref, context: "\(context()): expected a ref, found a tagged integer")
        }
        return try ref(value, context(), from: node.ref)
    }

    /// Slot `index` of a has-refs array that must hold a tagged integer; `nil` when 0 or past the end.
    func optionalTagged(_ node: Node, _ index: Int, _ context: @autoclosure () -> String) throws(RealmFileError)
        -> UInt64?
    {
        guard index < node.size else { return nil }
        let value = try slot(node, index)
        if value == 0 { return nil }
        guard value & 1 == 1 else {
            throw RealmFileError(
                .corruptNode, offset: node.ref, context: "\(context()): expected a tagged integer, found a ref")
        }
        return value >> 1
    }
}
