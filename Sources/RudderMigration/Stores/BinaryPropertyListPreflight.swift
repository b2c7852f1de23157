import Foundation

/// Checks a binary property list's object table before Foundation parses it.
///
/// The binary format can encode sets (object marker `0xC_`), but a settings file never holds one: `UserDefaults`
/// and `NSDictionary` write only the property-list types. swift-corelibs-foundation crashes while bridging a parsed
/// set (a top-level set of one string is enough), so a file holding one is rejected as corrupt first. Every object is
/// reached only through the offset table, so checking the marker of each object it lists finds every set.
enum BinaryPropertyListPreflight {
    private static let magic = Array("bplist0".utf8)
    private static let headerLength = 8
    private static let trailerLength = 32

    /// Why `data` must not be handed to `PropertyListSerialization`, or `nil` when it may be: it is not a binary
    /// property list (XML, or other bytes Foundation rejects itself), or its object table holds no set.
    static func rejection(of data: Data) -> String? {
        let bytes = [UInt8](data)
        guard bytes.count >= magic.count, Array(bytes[0..<magic.count]) == magic else { return nil }
        guard bytes.count >= headerLength + trailerLength else {
            return "binary property list of \(bytes.count) bytes is shorter than its header and trailer"
        }
        let trailer = bytes.count - trailerLength
        let offsetSize = Int(bytes[trailer + 6])
        let objectCount = bigEndian(bytes, at: trailer + 8, size: 8)
        let tableOffset = bigEndian(bytes, at: trailer + 24, size: 8)
        guard (1...8).contains(offsetSize) else {
            return "binary property list offset size \(offsetSize) (byte \(trailer + 6)) is not 1 to 8"
        }
        let (tableLength, overflow) = objectCount.multipliedReportingOverflow(by: UInt64(offsetSize))
        guard tableOffset >= UInt64(headerLength), tableOffset <= UInt64(trailer), !overflow,
            tableLength <= UInt64(trailer) - tableOffset
        else {
            return "binary property list offset table (\(objectCount) objects at byte \(tableOffset)) is out of range"
        }
        // The bounds above make every position below fit in `Int` and lie inside `bytes`.
        for index in 0..<Int(objectCount) {
            let entry = Int(tableOffset) + index * offsetSize
            let offset = bigEndian(bytes, at: entry, size: offsetSize)
            guard offset >= UInt64(headerLength), offset < tableOffset else {
                return "binary property list object \(index) offset \(offset) (byte \(entry)) is out of range"
            }
            if bytes[Int(offset)] & 0xF0 == 0xC0 {
                return "binary property list object \(index) at byte \(offset) is a set, which settings never hold"
            }
        }
        return nil
    }

    /// The unsigned big-endian number in `bytes[position..<position + size]`; the caller checked the range.
    private static func bigEndian(_ bytes: [UInt8], at position: Int, size: Int) -> UInt64 {
        var value: UInt64 = 0
        for byte in bytes[position..<position + size] { value = value << 8 | UInt64(byte) }
        return value
    }
}
