import Foundation

extension BinaryPropertyList {
    /// Parses the object whose marker byte is at `offset`. The high nibble of the marker is the type, the low nibble
    /// its size or count; a count of 15 means an integer object with the real count follows.
    func parseObject(at offset: Int) throws(KeyedArchiveError) -> Object {
        let marker = try objects.byte(at: offset, "object marker")
        let nibble = Int(marker & 0x0F)
        switch marker >> 4 {
        case 0x0:
            switch marker {
            case 0x00: return .null
            case 0x08: return .boolean(false)
            case 0x09: return .boolean(true)
            default: throw KeyedArchiveError(.invalid, "object marker 0x\(String(marker, radix: 16))", at: offset)
            }
        case 0x1:
            return try integer(at: offset)
        case 0x2:
            return .real(try real(at: offset + 1, size: 1 << nibble, offset))
        case 0x3:
            guard marker == 0x33 else { throw KeyedArchiveError(.invalid, "date marker", at: offset) }
            return .date(try real(at: offset + 1, size: 8, offset))
        case 0x4:
            let (start, count) = try extent(at: offset, nibble)
            return .data(Data(try objects.bytes(at: start, count: count, "data contents")))
        case 0x5:
            let (start, count) = try extent(at: offset, nibble)
            return .string(try string(try objects.bytes(at: start, count: count, "ASCII string"), .ascii, offset))
        case 0x6:
            let (start, count) = try extent(at: offset, nibble)
            let (length, overflow) = count.multipliedReportingOverflow(by: 2)
            guard !overflow else { throw KeyedArchiveError(.invalid, "UTF-16 string length \(count)", at: offset) }
            let units = try objects.bytes(at: start, count: length, "UTF-16 string")
            return .string(try string(units, .utf16BigEndian, offset))
        case 0x8:
            return .uid(try objects.unsigned(at: offset + 1, size: nibble + 1, "uid"))
        case 0xA:
            return .array(try references(at: offset, nibble, perEntry: 1).first)
        case 0xC:
            return .set(try references(at: offset, nibble, perEntry: 1).first)
        case 0xD:
            let (keys, values) = try references(at: offset, nibble, perEntry: 2)
            return .dictionary(keys: keys, values: values)
        default:
            throw KeyedArchiveError(.invalid, "object marker 0x\(String(marker, radix: 16))", at: offset)
        }
    }

    /// A 1-, 2- or 4-byte integer is unsigned, an 8-byte one signed, a 16-byte one unsigned with a zero high half.
    private func integer(at offset: Int) throws(KeyedArchiveError) -> Object {
        let marker = try objects.byte(at: offset, "integer marker")
        switch marker & 0x0F {
        case 0, 1, 2:
            let size = 1 << Int(marker & 0x0F)
            return .integer(Int64(try objects.unsigned(at: offset + 1, size: size, "integer")))
        case 3:
            return .integer(Int64(bitPattern: try objects.unsigned(at: offset + 1, size: 8, "integer")))
        case 4:
            let high = try objects.unsigned(at: offset + 1, size: 8, "integer (high half)")
            let low = try objects.unsigned(at: offset + 9, size: 8, "integer (low half)")
            guard high == 0 else { throw KeyedArchiveError(.unsupported, "128-bit integer", at: offset) }
            return Int64(exactly: low).map(Object.integer) ?? .unsignedInteger(low)
        default:
            throw KeyedArchiveError(.invalid, "integer size marker 0x\(String(marker, radix: 16))", at: offset)
        }
    }

    private func real(at offset: Int, size: Int, _ marker: Int) throws(KeyedArchiveError) -> Double {
        switch size {
        case 4: return Double(Float(bitPattern: UInt32(try objects.unsigned(at: offset, size: 4, "real"))))
        case 8: return Double(bitPattern: try objects.unsigned(at: offset, size: 8, "real"))
        default: throw KeyedArchiveError(.invalid, "real of \(size) bytes", at: marker)
        }
    }

    /// Where an object's contents start and how many entries it has: the marker's nibble, or with 15 the integer
    /// object that follows the marker.
    private func extent(at offset: Int, _ nibble: Int) throws(KeyedArchiveError) -> (start: Int, count: Int) {
        guard nibble == 0xF else { return (offset + 1, nibble) }
        let countMarker = try objects.byte(at: offset + 1, "count marker")
        guard countMarker >> 4 == 0x1, countMarker & 0x0F <= 3 else {
            throw KeyedArchiveError(.invalid, "count marker 0x\(String(countMarker, radix: 16))", at: offset + 1)
        }
        let size = 1 << Int(countMarker & 0x0F)
        let count = try objects.index(at: offset + 2, size: size, below: objects.end, "count")
        return (offset + 2 + size, count)
    }

    /// The object references of an array or set (`perEntry` 1) or a dictionary (2: all keys, then all values),
    /// each checked to be a valid object index.
    private func references(at offset: Int, _ nibble: Int, perEntry: Int) throws(KeyedArchiveError)
        -> (first: [Int], second: [Int])
    {
        let (start, count) = try extent(at: offset, nibble)
        let (entries, overflow) = count.multipliedReportingOverflow(by: perEntry * referenceSize)
        guard !overflow else { throw KeyedArchiveError(.invalid, "container of \(count) entries", at: offset) }
        _ = try objects.bytes(at: start, count: entries, "container references")
        var first: [Int] = []
        var second: [Int] = []
        first.reserveCapacity(count)
        if perEntry == 2 { second.reserveCapacity(count) }
        for position in 0..<count * perEntry {
            let at = start + position * referenceSize
            let reference = try objects.index(
                at: at, size: referenceSize, below: objectCount, "object reference")
            if position < count { first.append(reference) } else { second.append(reference) }
        }
        return (first, second)
    }

    private func string(_ bytes: ArraySlice<UInt8>, _ encoding: String.Encoding, _ offset: Int)
        throws(KeyedArchiveError) -> String
    {
        guard let text = String(bytes: bytes, encoding: encoding) else {
            throw KeyedArchiveError(.invalid, "string encoding", at: offset)
        }
        return text
    }
}
