import Foundation
import MigrationEngine
import RealmFile

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
        let stored = StoredDecimal128(low: low, high: high)
        guard stored.isFinite else {
            throw RealmValueError(expectedType: "Decimal", found: realmValue, reason: "NaN or infinity")
        }
        guard let parts = stored.finiteParts(exponentIn: StoredDecimal128.foundationDecimalExponents) else {
            throw RealmValueError(
                expectedType: "Decimal", found: realmValue,
                reason: "\(stored.scientificText) needs an exponent outside −128…127")
        }
        guard parts.digits != "0" else {
            self = 0
            return
        }
        let text = (parts.isNegative ? "-" : "") + parts.digits + "E\(parts.exponent)"
        guard let decimal = Decimal(string: text, locale: nil) else {
            throw RealmValueError(expectedType: "Decimal", found: realmValue, reason: "\(text) does not convert")
        }
        self = decimal
    }

    /// The `Decimal` of a Decimal128 that it holds exactly, sign included; `nil` for NaN, the infinities,
    /// exponents beyond −128…127 and −0 (which `init(realmValue:)` reads as 0). A `MixedValue` keeps those as text.
    public init?(holding realmValue: MigrationValue) {
        guard case .decimal128(let low, let high) = realmValue,
            StoredDecimal128(low: low, high: high).fitsFoundationDecimal
        else { return nil }
        try? self.init(realmValue: realmValue)
    }

    public var realmValue: MigrationValue {
        // `significand` is the unsigned integer mantissa (exponent 0); its description is its digits.
        let stored =
            isNaN
            ? nil : StoredDecimal128(isNegative: false, digits: significand.description, exponent: Int(exponent))
        guard let stored, !isZero else { return .decimal128(low: 0, high: UInt64(6176) << 49) }
        let signed = sign == .minus ? StoredDecimal128(low: stored.low, high: stored.high | 1 << 63) : stored
        return .decimal128(low: signed.low, high: signed.high)
    }
}
