import Foundation
import MigrationEngine

/// A Realm `Decimal128` (IEEE 754-2008 decimal128, binary integer decimal encoding) as a Foundation `Decimal`.
///
/// `Decimal` holds up to 38 digits with a decimal exponent of −128…127; a Decimal128 holds 34 digits with an
/// exponent of −6176…6111. Values whose exponent does not fit (after moving trailing zeros into it), NaN and the
/// infinities throw. The way back gives the canonical encoding (no trailing zeros in the coefficient, `0` for any
/// zero), so `1.50` and `1.5` compare equal, as they are equal as numbers.
///
/// Only `Decimal`'s public API is used (its digits and exponent, and `Decimal(string:)`): its storage fields are
/// public on Darwin but internal in Linux's Foundation.
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
        let text = (isNegative ? "-" : "") + coefficient.decimalDigits + "E\(exponent)"
        guard let decimal = Decimal(string: text, locale: nil) else {
            throw RealmValueError(expectedType: "Decimal", found: realmValue, reason: "\(text) does not convert")
        }
        self = decimal
    }

    public var realmValue: MigrationValue {
        // `significand` is the unsigned integer mantissa (exponent 0); its description is its digits.
        guard !isNaN, var coefficient = UInt128Parts(digits: significand.description), !coefficient.isZero else {
            return .decimal128(low: 0, high: UInt64(6176) << 49)
        }
        var exponent = self.exponent
        // Canonical: no trailing zeros, at most 34 digits (a longer Decimal loses its last digits).
        while true {
            let (quotient, remainder) = coefficient.dividedByTen()
            guard remainder == 0 || coefficient.exceedsDecimal128Digits else { break }
            coefficient = quotient
            exponent += 1
        }
        let biased = UInt64(exponent + 6176)
        let sign: UInt64 = sign == .minus ? 1 << 63 : 0
        return .decimal128(low: coefficient.low, high: sign | biased << 49 | coefficient.high)
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

    /// The integer that `digits` (decimal digits only) spell, or `nil` when it is not one or does not fit.
    init?(digits: String) {
        guard !digits.isEmpty else { return nil }
        var value = UInt128Parts(high: 0, low: 0)
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

    func adding(_ small: UInt64) -> UInt128Parts? {
        let (low, carry) = low.addingReportingOverflow(small)
        guard carry else { return UInt128Parts(high: high, low: low) }
        let (high, overflow) = high.addingReportingOverflow(1)
        return overflow ? nil : UInt128Parts(high: high, low: low)
    }

    var isZero: Bool { high == 0 && low == 0 }

    /// Whether the value has more than 34 decimal digits (is at least 10^34).
    var exceedsDecimal128Digits: Bool {
        // 10^34 = 0x0001ED09BEAD87C0_378D8E6400000000
        let limit = UInt128Parts(high: 0x0001_ED09_BEAD_87C0, low: 0x378D_8E64_0000_0000)
        return high > limit.high || (high == limit.high && low >= limit.low)
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
