import Foundation
import MigrationEngine
import RealmToSwiftData
import Testing

/// The value conversions generated importers rely on, on Linux's Foundation too: Decimal128 through `Decimal`'s
/// public API, ObjectIds as hex text and back, embedded objects read by field name, and fields no property holds.
@Suite struct ValueConversionTests {
    /// A Decimal128 of `coefficient` × 10^`exponent` (the coefficient below 2^64).
    static func decimal128(_ coefficient: UInt64, _ exponent: Int, negative: Bool = false) -> MigrationValue {
        .decimal128(low: coefficient, high: (negative ? 1 << 63 : 0) | UInt64(exponent + 6176) << 49)
    }

    @Test func decimal128BecomesTheSameNumberAndComesBackCanonical() throws {
        #expect(try Decimal(realmValue: Self.decimal128(15, -1)) == Decimal(string: "1.5"))
        #expect(try Decimal(realmValue: Self.decimal128(150, -2)).realmValue == Self.decimal128(15, -1))
        #expect(try Decimal(realmValue: Self.decimal128(42, 0, negative: true)) == -42)
        #expect(try Decimal(realmValue: Self.decimal128(0, 12)).realmValue == Self.decimal128(0, 0))
        for value in [
            Self.decimal128(1, 127), Self.decimal128(1, -128), Self.decimal128(123_456_789, -5, negative: true),
        ] {
            #expect(try Decimal(realmValue: value).realmValue == value)
        }
    }

    @Test func theLargestDecimal128CoefficientSurvives() throws {
        // 10^34 − 1, the largest coefficient with 34 digits.
        let value = MigrationValue.decimal128(
            low: 0x378D_8E63_FFFF_FFFF, high: UInt64(6176) << 49 | 0x0001_ED09_BEAD_87C0)
        let decimal = try Decimal(realmValue: value)
        #expect(decimal == Decimal(string: "9999999999999999999999999999999999"))
        #expect(decimal.realmValue == value)
    }

    @Test func exponentsDecimalCannotHoldThrow() throws {
        #expect(throws: RealmValueError.self) { try Decimal(realmValue: Self.decimal128(1, -130)) }
        // 7 × 10^130 fits as 7000 × 10^127.
        #expect(try Decimal(realmValue: Self.decimal128(7, 130)).realmValue == Self.decimal128(7, 130))
    }

    @Test func objectIdTextGoesBothWays() throws {
        let value = MigrationValue.objectId(leading: 0x5F1D_7E3A_9B1C_2D3E, trailing: 0x4F5A_6B7C)
        let text = try String(realmValue: value)
        #expect(text == "5f1d7e3a9b1c2d3e4f5a6b7c")
        #expect(MigrationValue.objectId(hex: text) == value)
        #expect(MigrationValue.objectId(hex: "5F1D7E3A9B1C2D3E4F5A6B7C") == value)
        #expect(MigrationValue.objectId(hex: "not an id") == .string("not an id"))
    }

    @Test func embeddedFieldsAreReadByNameAndErrorsNameTheField() throws {
        let fields = try EmbeddedFields(
            .dictionary([
                MigrationDictionaryEntry(key: "street", value: .string("Main St")),
                MigrationDictionaryEntry(key: "zip", value: .int(300)),
            ]), className: "Address")
        let street: String = try fields["street"]
        #expect(street == "Main St")
        #expect(throws: RealmValueError.self) { let _: Int8 = try fields["zip"] }
        do {
            let _: Int8 = try fields["zip"]
        } catch {
            #expect(error.expectedType == "Address.zip as Int8" && error.reason == "out of range")
        }
        do {
            let _: String = try fields["city"]
        } catch {
            #expect(error.expectedType == "Address.city" && error.reason == "no such field")
        }
        #expect(throws: RealmValueError.self) { try EmbeddedFields(.string("x"), className: "Address") }
    }

    @Test func requireEmptyAcceptsNothingAndRefusesAValue() throws {
        let fields = try EmbeddedFields(
            .dictionary([
                MigrationDictionaryEntry(key: "none", value: .null),
                MigrationDictionaryEntry(key: "empty", value: .dictionary([])),
                MigrationDictionaryEntry(key: "owner", value: .link(ObjectReference(className: "Node", key: 3))),
            ]), className: "Place")
        try fields.requireEmpty("none")
        try fields.requireEmpty("empty")
        try fields.requireEmpty("missing")
        #expect(throws: RealmValueError.self) { try fields.requireEmpty("owner") }
    }
}
