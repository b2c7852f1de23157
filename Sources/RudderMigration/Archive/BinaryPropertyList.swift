import Foundation

/// A binary property list (`bplist00`) opened for reading one object at a time, with every offset, count and
/// reference checked against the file before use.
///
/// Layout (CoreFoundation's `CFBinaryPList.c`): the 8-byte header `bplist00`, the objects, an offset table holding
/// one `offsetSize`-byte offset per object, and a 32-byte trailer: 6 unused bytes, `offsetSize`, `referenceSize`,
/// then the object count, the top object's index and the offset table's position as 8-byte big-endian numbers.
/// Objects refer to one another by index (`referenceSize` bytes each); those indexes are returned unresolved, so a
/// caller walking them chooses its own depth limit and cycle check.
struct BinaryPropertyList {
    /// One object, with the objects it contains as indexes into the offset table.
    enum Object: Equatable {
        case null
        case boolean(Bool)
        case integer(Int64)
        /// An integer above `Int64.max` (a 16-byte integer whose high half is zero).
        case unsignedInteger(UInt64)
        case real(Double)
        /// Seconds since 2001-01-01.
        case date(Double)
        case data(Data)
        case string(String)
        /// A keyed archive's object reference.
        case uid(UInt64)
        case array([Int])
        case set([Int])
        case dictionary(keys: [Int], values: [Int])

        /// The type's name, for messages.
        var typeName: String {
            switch self {
            case .null: "null"
            case .boolean: "boolean"
            case .integer, .unsignedInteger: "integer"
            case .real: "real"
            case .date: "date"
            case .data: "data"
            case .string: "string"
            case .uid: "uid"
            case .array: "array"
            case .set: "set"
            case .dictionary: "dictionary"
            }
        }
    }

    private static let magic = Array("bplist00".utf8)
    private static let trailerLength = 32

    /// How many objects the offset table lists.
    let objectCount: Int
    /// The index of the top-level object.
    let topObject: Int
    /// The whole file (for the offset table).
    private let file: ByteReader
    /// The object area: reads stop at the offset table.
    let objects: ByteReader
    private let offsetTable: Int
    private let offsetSize: Int
    let referenceSize: Int

    /// Checks the header, trailer and offset table's extent.
    /// - Throws: `KeyedArchiveError` when `data` is not a binary property list or its trailer is out of range.
    init(_ data: Data) throws(KeyedArchiveError) {
        let reader = ByteReader(data)
        let header = try reader.bytes(at: 0, count: Self.magic.count, "binary property list header")
        guard Array(header) == Self.magic else {
            throw KeyedArchiveError(.invalid, "binary property list header (not bplist00)", at: 0)
        }
        let trailer = reader.end - Self.trailerLength
        guard trailer >= Self.magic.count else {
            throw KeyedArchiveError(.truncated, "binary property list trailer (\(reader.end) bytes)")
        }
        offsetSize = Int(try reader.byte(at: trailer + 6, "offset size"))
        referenceSize = Int(try reader.byte(at: trailer + 7, "reference size"))
        guard (1...8).contains(offsetSize), (1...8).contains(referenceSize) else {
            throw KeyedArchiveError(
                .invalid, "offset size \(offsetSize) / reference size \(referenceSize)", at: trailer + 6)
        }
        // Every object takes at least one byte, so a count above the file's length is a lie.
        objectCount = try reader.index(at: trailer + 8, size: 8, below: reader.end, "object count")
        topObject = try reader.index(at: trailer + 16, size: 8, below: Swift.max(objectCount, 1), "top object")
        offsetTable = try reader.index(at: trailer + 24, size: 8, below: trailer + 1, "offset table position")
        guard objectCount > 0, offsetTable >= Self.magic.count,
            objectCount <= (trailer - offsetTable) / offsetSize
        else {
            throw KeyedArchiveError(
                .invalid, "offset table (\(objectCount) objects of \(offsetSize) bytes)", at: offsetTable)
        }
        // Objects lie between the header and the offset table; nothing may be read past it.
        file = reader
        objects = reader.limited(to: offsetTable)
    }

    /// The object at `index` in the offset table.
    /// - Throws: `KeyedArchiveError` when the index, its offset or the object's contents are out of range.
    func object(at index: Int) throws(KeyedArchiveError) -> Object {
        guard index >= 0, index < objectCount else {
            throw KeyedArchiveError(.invalid, "object index \(index) of \(objectCount)")
        }
        let entry = offsetTable + index * offsetSize  // cannot overflow: init checked the table fits the file
        let offset = try file.index(
            at: entry, size: offsetSize, below: offsetTable, "offset of object \(index)")
        guard offset >= Self.magic.count else {
            throw KeyedArchiveError(.invalid, "offset \(offset) of object \(index) (inside the header)", at: entry)
        }
        return try parseObject(at: offset)
    }
}
