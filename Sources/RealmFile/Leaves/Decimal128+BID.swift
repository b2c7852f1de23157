extension StoredDecimal128 {
    /// The null marker Realm stores for a missing `Decimal128?` (a NaN with payload 0xAA).
    static let storedNull = StoredDecimal128(low: 0xAA, high: 0x7C00_0000_0000_0000)
    /// Zero with exponent 0, the engine's default value.
    static let zero = StoredDecimal128(low: 0, high: 0x3040_0000_0000_0000)

    /// Widens a BID32 (format-24 4-byte leaf) to BID128, as the engine does when reading; `nil` for the null
    /// pattern `0x7C0000AA`.
    static func widening(bid32 bits: UInt32) -> StoredDecimal128? {
        if bits == 0x7C00_00AA { return nil }
        return widen(
            sign: bits >> 31 == 1, combination: UInt64(bits & 0x7FFF_FFFF), totalBits: 32, exponentBits: 8, bias: 101)
    }

    /// Widens a BID64 (format-24 8-byte leaf) to BID128; `nil` for the null pattern `0x7C000000000000AA`.
    static func widening(bid64 bits: UInt64) -> StoredDecimal128? {
        if bits == 0x7C00_0000_0000_00AA { return nil }
        return widen(
            sign: bits >> 63 == 1, combination: bits & 0x7FFF_FFFF_FFFF_FFFF, totalBits: 64, exponentBits: 10, bias: 398
        )
    }

    /// Re-encodes a narrow BID value (sign removed) with the same coefficient and exponent in BID128.
    private static func widen(sign: Bool, combination: UInt64, totalBits: Int, exponentBits: Int, bias: Int)
        -> StoredDecimal128
    {
        let signBit: UInt64 = sign ? 1 << 63 : 0
        let topTwo = combination >> UInt64(totalBits - 3)  // the two bits below the sign
        var exponent: UInt64
        var coefficient: UInt64
        if topTwo != 3 {
            let coefficientBits = totalBits - 1 - exponentBits
            exponent = combination >> UInt64(coefficientBits)
            coefficient = combination & ((1 << UInt64(coefficientBits)) - 1)
        } else {
            let nextTwo = (combination >> UInt64(totalBits - 5)) & 3
            if nextTwo == 3 {
                let isNaN = (combination >> UInt64(totalBits - 6)) & 1 == 1
                return StoredDecimal128(low: 0, high: signBit | (isNaN ? 0x7C00_0000_0000_0000 : 0x7800_0000_0000_0000))
            }
            let coefficientBits = totalBits - 3 - exponentBits
            exponent = (combination >> UInt64(coefficientBits)) & ((1 << UInt64(exponentBits)) - 1)
            coefficient = (4 << UInt64(coefficientBits)) | (combination & ((1 << UInt64(coefficientBits)) - 1))
        }
        exponent = exponent &- UInt64(bias) &+ 6176
        return StoredDecimal128(low: coefficient, high: signBit | (exponent & 0x3FFF) << 49)
    }
}
