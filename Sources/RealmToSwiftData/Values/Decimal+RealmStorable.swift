import Foundation
import MigrationEngine

/// A Realm `Decimal128` (IEEE 754-2008 decimal128, binary integer decimal encoding) as a Foundation `Decimal`.
///
/// `Decimal` holds up to 38 digits with a decimal exponent of −128…127; a Decimal128 holds 34 digits with an
/// exponent of −6176…6111. Values whose exponent does not fit (after moving trailing zeros into it), NaN and the
/// infinities throw. The coefficient and exponent are kept as they are (`42.00` stays `4200`·10⁻²), so the way
/// back gives the same encoding, except that every zero becomes `0` (a `Decimal` has no negative zero) and a
/// `Decimal` wider than 34 digits loses its last digits.
extension Decimal: RealmStorable {
    public init(realmValue: MigrationValue) throws(RealmValueError) {
        guard case .decimal128(let low, let high) = realmValue else {
            throw RealmValueError(expectedType: "Decimal", found: realmValue)
        }
        let isNegative = high >> 63 == 1
        var coefficient: UInt128Parts
        var exponent: Int
        if (high >> 61) & 0b11 == 0b11 {
            // The second form: infinities, NaN, or a coefficient above 2^113, which is not canonical and reads as 0.
            if (high >> 59) & 0b1111 == 0b1111 {
                throw RealmValueError(expectedType: "Decimal", found: realmValue, reason: "NaN or infinity")
            }
            exponent = Int((high >> 47) & 0x3FFF) - 6176
            coefficient = UInt128Parts(high: 0, low: 0)
        } else {
            exponent = Int((high >> 49) & 0x3FFF) - 6176
            coefficient = UInt128Parts(high: high & 0x1_FFFF_FFFF_FFFF, low: low)
            if coefficient.exceedsDecimal128Digits { coefficient = UInt128Parts(high: 0, low: 0) }
        }
        guard !coefficient.isZero else {
            self = 0
            return
        }
        while exponent < -128 {
            let (quotient, remainder) = coefficient.dividedByTen()
            guard remainder == 0 else { break }
            coefficient = quotient
            exponent += 1
        }
        while exponent > 127, let product = coefficient.multipliedByTen() {
            coefficient = product
            exponent -= 1
        }
        guard (-128...127).contains(exponent) else {
            throw RealmValueError(
                expectedType: "Decimal", found: realmValue, reason: "exponent \(exponent) is outside −128…127")
        }
        self = Decimal(parts: coefficient, exponent: exponent, isNegative: isNegative)
    }

    public var realmValue: MigrationValue {
        var coefficient = UInt128Parts(self)
        var exponent = Int(self.exponent)
        if isNaN || coefficient.isZero { return .decimal128(low: 0, high: UInt64(6176) << 49) }
        // At most 34 digits: a longer Decimal loses its last digits.
        while coefficient.exceedsDecimal128Digits {
            coefficient = coefficient.dividedByTen().0
            exponent += 1
        }
        let biased = UInt64(exponent + 6176)
        let sign: UInt64 = sign == .minus ? 1 << 63 : 0
        return .decimal128(low: coefficient.low, high: sign | biased << 49 | coefficient.high)
    }

    private init(parts: UInt128Parts, exponent: Int, isNegative: Bool) {
        let words = parts.words16
        let length = words.lastIndex(where: { $0 != 0 }).map { $0 + 1 } ?? 0
        self.init(
            _exponent: Int32(exponent), _length: UInt32(length), _isNegative: isNegative ? 1 : 0, _isCompact: 0,
            _reserved: 0,
            _mantissa: (words[0], words[1], words[2], words[3], words[4], words[5], words[6], words[7]))
    }
}

/// An unsigned 128-bit integer as two halves, with the little arithmetic the conversion needs (`UInt128` needs
/// iOS 18).
struct UInt128Parts: Equatable {
    var high: UInt64
    var low: UInt64

    init(high: UInt64, low: UInt64) {
        self.high = high
        self.low = low
    }

    /// The mantissa of `decimal`.
    init(_ decimal: Decimal) {
        let mantissa = decimal._mantissa
        let words = [mantissa.0, mantissa.1, mantissa.2, mantissa.3, mantissa.4, mantissa.5, mantissa.6, mantissa.7]
        var low: UInt64 = 0
        var high: UInt64 = 0
        for index in 0..<4 { low |= UInt64(words[index]) << (16 * UInt64(index)) }
        for index in 0..<4 { high |= UInt64(words[index + 4]) << (16 * UInt64(index)) }
        let length = Int(decimal._length)
        if length < 8 {
            // Words past the length are not part of the value.
            let bits = 16 * length
            if bits < 64 {
                low &= bits == 0 ? 0 : (UInt64.max >> (64 - bits))
                high = 0
            } else {
                high &= bits == 64 ? 0 : (UInt64.max >> (128 - bits))
            }
        }
        self.init(high: high, low: low)
    }

    var isZero: Bool { high == 0 && low == 0 }

    /// Whether the value has more than 34 decimal digits (is at least 10^34).
    var exceedsDecimal128Digits: Bool {
        // 10^34 = 0x0001ED09BEAD87C0_378D8E6400000000
        let limit = UInt128Parts(high: 0x0001_ED09_BEAD_87C0, low: 0x378D_8E64_0000_0000)
        return high > limit.high || (high == limit.high && low >= limit.low)
    }

    var words16: [UInt16] {
        (0..<4).map { UInt16(truncatingIfNeeded: low >> (16 * UInt64($0))) }
            + (0..<4).map { UInt16(truncatingIfNeeded: high >> (16 * UInt64($0))) }
    }

    func dividedByTen() -> (UInt128Parts, UInt64) {
        let (highQuotient, highRemainder) = high.quotientAndRemainder(dividingBy: 10)
        let (lowQuotient, remainder) = UInt64(10).dividingFullWidth((highRemainder, low))
        return (UInt128Parts(high: highQuotient, low: lowQuotient), remainder)
    }

    func multipliedByTen() -> UInt128Parts? {
        let (lowHigh, lowLow) = low.multipliedFullWidth(by: 10)
        let (highProduct, highOverflow) = high.multipliedReportingOverflow(by: 10)
        let (sum, sumOverflow) = highProduct.addingReportingOverflow(lowHigh)
        guard !highOverflow, !sumOverflow else { return nil }
        return UInt128Parts(high: sum, low: lowLow)
    }
}
