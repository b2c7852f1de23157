/// An IEEE 754-2008 128-bit decimal in binary integer decimal (BID) encoding, as Realm stores `Decimal128`.
/// The two words are the little-endian halves of the 128-bit pattern.
public struct StoredDecimal128: Hashable, Sendable {
    /// Bits 0–63 of the 128-bit pattern.
    public var low: UInt64
    /// Bits 64–127 (sign, combination field, exponent, high coefficient bits).
    public var high: UInt64
    /// Creates a decimal from its two stored words.
    public init(low: UInt64, high: UInt64) {
        self.low = low
        self.high = high
    }
}
