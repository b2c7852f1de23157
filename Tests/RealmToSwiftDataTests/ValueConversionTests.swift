import Foundation
import MigrationEngine
import RealmFile
import RealmToSwiftData
import TestSupport
import Testing

/// The value conversions generated importers rely on, on Linux's Foundation too: Decimal128 through `Decimal`'s
/// public API or as text, ObjectIds as hex text and back, embedded objects read by field name (their links as
/// object keys), and fields no property holds.
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

    @Test func decimalHoldsOnlyWhatItHoldsExactly() {
        #expect(Decimal(holding: Self.decimal128(15, -1)) == Decimal(string: "1.5"))
        #expect(Decimal(holding: Self.decimal128(0, 0)) == 0)
        #expect(Decimal(holding: Self.decimal128(0, 0, negative: true)) == nil)
        #expect(Decimal(holding: Self.decimal128(1, 6000)) == nil)
        #expect(Decimal(holding: .decimal128(low: 0, high: 0x7C00_0000_0000_0000)) == nil)
        #expect(Decimal(holding: .string("1.5")) == nil)
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

    @Test func embeddedLinksAreReadAsObjectKeysAndWrittenBackAsLinks() throws {
        let node = { (key: Int64) in MigrationValue.link(ObjectReference(className: "Node", key: key)) }
        let fields = try EmbeddedFields(
            .dictionary([
                MigrationDictionaryEntry(key: "owner", value: node(3)),
                MigrationDictionaryEntry(key: "none", value: .null),
                MigrationDictionaryEntry(key: "visitors", value: .set([node(5), node(1)])),
                MigrationDictionaryEntry(key: "name", value: .string("x")),
            ]), className: "Place")
        #expect(try fields.linkedObjectKey("owner") == 3)
        #expect(try fields.linkedObjectKey("none") == nil)
        #expect(try fields.linkedObjectKeys("visitors") == [5, 1])
        #expect(throws: RealmValueError.self) { try fields.linkedObjectKey("name") }
        #expect(throws: RealmValueError.self) { try fields.linkedObjectKeys("missing") }
        #expect(MigrationValue.link(to: "Node", objectKey: 3) == node(3))
        #expect(MigrationValue.link(to: "Node", objectKey: nil) == .null)
        #expect(MigrationValue.link(to: "Node", objectKeys: [5, 1]) == .list([node(5), node(1)]))
    }

    /// Every Decimal128 the real engine wrote into the all-types fixture (NaN, infinities, ±0, 34-digit and
    /// extreme exponents among them): a `String` property holds exactly its export text, and the text reads back
    /// to the same number (in canonical form), so a `MixedValue.decimalText` loses nothing.
    @Test func decimal128TextGoesBothWaysForEveryDecimalInTheFixture() throws {
        let realm = try RealmFileReader(url: Fixtures.realm("alltypes.v24.realm"))
        var decimals: [StoredDecimal128] = []
        func collect(_ value: StoredValue) {
            switch value {
            case .decimal(let decimal): decimals.append(decimal)
            case .list(let items), .set(let items): items.forEach(collect)
            case .dictionary(let entries): for entry in entries { collect(entry.value) }
            default: break
            }
        }
        for table in realm.tables where table.className != nil {
            var cursor = realm.objects(in: table)
            while let object = try cursor.next() { object.values.forEach(collect) }
        }
        #expect(decimals.count > 100)
        #expect(
            decimals.contains { !$0.isFinite } && decimals.contains { $0.finiteParts(exponentIn: -128...127) == nil })
        for decimal in decimals {
            let text = try String(realmValue: .decimal128(low: decimal.low, high: decimal.high))
            #expect(text == decimal.scientificText)
            let parsed = try #require(StoredDecimal128(scientificText: text), "\(text)")
            guard let parts = decimal.finiteParts else {
                #expect(parsed.scientificText == text)
                continue
            }
            #expect(parsed.finiteParts == Self.canonical(parts), "\(text)")
        }
        for bad in ["", "-", "1.2.3", "1E", "E5", "12a", "1E+99999999", "Nan"] {
            #expect(StoredDecimal128(scientificText: bad) == nil, "\(bad)")
            #expect(MigrationValue.decimal128(text: bad) == .string(bad))
        }
    }

    /// `parts` without trailing zeros in the coefficient (zero as 0 × 10^0), as IEEE 754's canonical encoding.
    private static func canonical(_ parts: StoredDecimal128.FiniteParts) -> StoredDecimal128.FiniteParts {
        var result = parts
        guard parts.digits != "0" else {
            result.exponent = 0
            return result
        }
        while result.digits.hasSuffix("0") {
            result.digits.removeLast()
            result.exponent += 1
        }
        return result
    }
}
