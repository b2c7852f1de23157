extension StoredDecimal128 {
    /// A finite decimal as sign, coefficient and exponent: the value is ±coefficient × 10^exponent.
    public struct FiniteParts: Hashable, Sendable {
        /// Whether the sign bit is set (`-0` is negative).
        public var isNegative: Bool
        /// The coefficient's decimal digits, without leading zeros (`0` for zero).
        public var digits: String
        /// The decimal exponent.
        public var exponent: Int
    }

    /// Whether the value is a number (not NaN, not an infinity).
    public var isFinite: Bool { high & 0x7800_0000_0000_0000 != 0x7800_0000_0000_0000 }

    /// The value as sign, coefficient and exponent, exactly as stored (`42.00` is 4200 × 10^-2); `nil` for NaN and
    /// the infinities. A coefficient beyond 34 digits is not canonical and reads as zero, as IEEE 754 defines.
    public var finiteParts: FiniteParts? {
        guard isFinite else { return nil }
        let (coefficient, exponent) = storedCoefficient
        return FiniteParts(isNegative: high >> 63 == 1, digits: coefficient.decimalDigits, exponent: exponent)
    }

    /// The value with its exponent moved into `range` without changing the number (trailing zeros of the
    /// coefficient taken into the exponent, or zeros appended to it), or `nil` when it cannot be (or is not
    /// finite). Zero is `0` × 10^0.
    public func finiteParts(exponentIn range: ClosedRange<Int>) -> FiniteParts? {
        guard isFinite else { return nil }
        var (coefficient, exponent) = storedCoefficient
        let isNegative = high >> 63 == 1
        guard !coefficient.isZero else { return FiniteParts(isNegative: isNegative, digits: "0", exponent: 0) }
        while exponent < range.lowerBound {
            let (quotient, remainder) = coefficient.dividedByTen()
            guard remainder == 0 else { break }
            coefficient = quotient
            exponent += 1
        }
        while exponent > range.upperBound, let product = coefficient.multipliedByTen() {
            coefficient = product
            exponent -= 1
        }
        guard range.contains(exponent) else { return nil }
        return FiniteParts(isNegative: isNegative, digits: coefficient.decimalDigits, exponent: exponent)
    }

    /// Foundation's `Decimal` exponent range.
    public static let foundationDecimalExponents = -128...127

    /// Whether Foundation's `Decimal` holds this number with its sign: finite, its exponent movable into
    /// −128…127, and not −0 (a `Decimal` has no negative zero).
    public var fitsFoundationDecimal: Bool {
        guard let parts = finiteParts(exponentIn: Self.foundationDecimalExponents) else { return false }
        return !(parts.isNegative && parts.digits == "0")
    }

    /// The canonical encoding of ±`digits` × 10^`exponent`: trailing zeros moved into the exponent, the last digits
    /// dropped beyond 34; `nil` when `digits` are not decimal digits or the exponent leaves −6176…6111.
    public init?(isNegative: Bool, digits: String, exponent: Int) {
        guard var coefficient = Coefficient(digits: digits) else { return nil }
        var exponent = exponent
        guard !coefficient.isZero else {
            self.init(low: 0, high: (isNegative ? 1 << 63 : 0) | UInt64(6176) << 49)
            return
        }
        while true {
            let (quotient, remainder) = coefficient.dividedByTen()
            guard remainder == 0 || coefficient.exceedsDecimal128Digits else { break }
            coefficient = quotient
            exponent += 1
        }
        guard (-6176...6111).contains(exponent) else { return nil }
        let sign: UInt64 = isNegative ? 1 << 63 : 0
        self.init(low: coefficient.low, high: sign | UInt64(exponent + 6176) << 49 | coefficient.high)
    }

    /// The stored coefficient and exponent of a finite value (zero for a non-canonical coefficient).
    private var storedCoefficient: (Coefficient, Int) {
        if (high >> 61) & 0b11 == 0b11 {
            // The second form: a coefficient above 2^113, which is not canonical and reads as 0.
            return (Coefficient(high: 0, low: 0), Int((high >> 47) & 0x3FFF) - 6176)
        }
        let coefficient = Coefficient(high: high & 0x1_FFFF_FFFF_FFFF, low: low)
        return (
            coefficient.exceedsDecimal128Digits ? Coefficient(high: 0, low: 0) : coefficient,
            Int((high >> 49) & 0x3FFF) - 6176
        )
    }
}

/// An unsigned 128-bit coefficient as two halves, with the little arithmetic decimals need (`UInt128` needs
/// iOS 18).
private struct Coefficient {
    var high: UInt64
    var low: UInt64

    init(high: UInt64, low: UInt64) {
        self.high = high
        self.low = low
    }

    /// The integer that `digits` (decimal digits only) spell, or `nil` when it is not one or does not fit.
    init?(digits: String) {
        guard !digits.isEmpty else { return nil }
        var value = Coefficient(high: 0, low: 0)
        for digit in digits.utf8 {
            guard (UInt8(ascii: "0")...UInt8(ascii: "9")).contains(digit), let product = value.multipliedByTen(),
                let sum = product.adding(UInt64(digit - UInt8(ascii: "0")))
            else { return nil }
            value = sum
        }
        self = value
    }

    /// The value's decimal digits, without leading zeros (`0` for zero).
    var decimalDigits: String {
        var digits: [UInt8] = []
        var rest = self
        repeat {
            let (quotient, remainder) = rest.dividedByTen()
            digits.append(UInt8(ascii: "0") + UInt8(remainder))
            rest = quotient
        } while !rest.isZero
        return String(decoding: digits.reversed(), as: UTF8.self)
    }

    var isZero: Bool { high == 0 && low == 0 }

    /// Whether the value has more than 34 decimal digits (is at least 10^34).
    var exceedsDecimal128Digits: Bool {
        // 10^34 = 0x0001ED09BEAD87C0_378D8E6400000000
        high > 0x0001_ED09_BEAD_87C0 || (high == 0x0001_ED09_BEAD_87C0 && low >= 0x378D_8E64_0000_0000)
    }

    func adding(_ small: UInt64) -> Coefficient? {
        let (low, carry) = low.addingReportingOverflow(small)
        guard carry else { return Coefficient(high: high, low: low) }
        let (high, overflow) = high.addingReportingOverflow(1)
        return overflow ? nil : Coefficient(high: high, low: low)
    }

    func dividedByTen() -> (Coefficient, UInt64) {
        let (highQuotient, highRemainder) = high.quotientAndRemainder(dividingBy: 10)
        let (lowQuotient, remainder) = UInt64(10).dividingFullWidth((highRemainder, low))
        return (Coefficient(high: highQuotient, low: lowQuotient), remainder)
    }

    func multipliedByTen() -> Coefficient? {
        let (lowHigh, lowLow) = low.multipliedFullWidth(by: 10)
        let (highProduct, highOverflow) = high.multipliedReportingOverflow(by: 10)
        let (sum, sumOverflow) = highProduct.addingReportingOverflow(lowHigh)
        guard !highOverflow, !sumOverflow else { return nil }
        return Coefficient(high: sum, low: lowLow)
    }
}
