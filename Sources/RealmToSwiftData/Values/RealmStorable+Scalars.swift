import Foundation
import MigrationEngine
import RealmFile

extension Bool: RealmStorable {
    public init(realmValue: MigrationValue) throws(RealmValueError) {
        guard case .bool(let value) = realmValue else { throw RealmValueError(expectedType: "Bool", found: realmValue) }
        self = value
    }

    public var realmValue: MigrationValue { .bool(self) }
}

/// Realm stores every integer as 64 bits; a narrower declared type takes the values that fit.
extension RealmStorable where Self: FixedWidthInteger {
    public init(realmValue: MigrationValue) throws(RealmValueError) {
        guard case .int(let value) = realmValue else {
            throw RealmValueError(expectedType: "\(Self.self)", found: realmValue)
        }
        guard let exact = Self(exactly: value) else {
            throw RealmValueError(expectedType: "\(Self.self)", found: realmValue, reason: "out of range")
        }
        self = exact
    }

    public var realmValue: MigrationValue { .int(Int64(truncatingIfNeeded: self)) }
}

extension Int: RealmStorable {}
extension Int8: RealmStorable {}
extension Int16: RealmStorable {}
extension Int32: RealmStorable {}
extension Int64: RealmStorable {}

extension Float: RealmStorable {
    public init(realmValue: MigrationValue) throws(RealmValueError) {
        guard case .float(let value) = realmValue else {
            throw RealmValueError(expectedType: "Float", found: realmValue)
        }
        self = value
    }

    /// The value, a zero without its sign: SwiftData's SQLite store (a REAL column, which keeps an integral real as
    /// an integer) reads −0.0 back as +0.0 on a device too, so verification compares zeros unsigned.
    public var realmValue: MigrationValue { .float(self == 0 ? 0 : self) }
}

extension Double: RealmStorable {
    public init(realmValue: MigrationValue) throws(RealmValueError) {
        guard case .double(let value) = realmValue else {
            throw RealmValueError(expectedType: "Double", found: realmValue)
        }
        self = value
    }

    /// The value, a zero without its sign (see `Float`'s).
    public var realmValue: MigrationValue { .double(self == 0 ? 0 : self) }
}

/// A `String` property holds a Realm string, a Realm ObjectId as 24 lowercase hex digits, or a Decimal128 as its
/// scientific text (`1E+6000`, `NaN`: what Foundation's `Decimal` cannot hold).
extension String: RealmStorable {
    public init(realmValue: MigrationValue) throws(RealmValueError) {
        switch realmValue {
        case .string(let text): self = text
        case .objectId(let leading, let trailing): self = ObjectIdText.hex(leading: leading, trailing: trailing)
        case .decimal128(let low, let high): self = StoredDecimal128(low: low, high: high).scientificText
        default: throw RealmValueError(expectedType: "String", found: realmValue)
        }
    }

    public var realmValue: MigrationValue { .string(self) }
}

extension Data: RealmStorable {
    public init(realmValue: MigrationValue) throws(RealmValueError) {
        guard case .data(let bytes) = realmValue else { throw RealmValueError(expectedType: "Data", found: realmValue) }
        self = bytes
    }

    public var realmValue: MigrationValue { .data(self) }
}

extension UUID: RealmStorable {
    public init(realmValue: MigrationValue) throws(RealmValueError) {
        guard case .uuid(let uuid) = realmValue else { throw RealmValueError(expectedType: "UUID", found: realmValue) }
        self = uuid
    }

    public var realmValue: MigrationValue { .uuid(self) }
}

/// A Realm timestamp (seconds and nanoseconds) as a `Date` (a `Double` of seconds since 2001): exact to about
/// 100 ns for present-day dates; verification compares what the `Date` holds.
extension Date: RealmStorable {
    public init(realmValue: MigrationValue) throws(RealmValueError) {
        guard let date = realmValue.dateValue else { throw RealmValueError(expectedType: "Date", found: realmValue) }
        self = date
    }

    public var realmValue: MigrationValue { MigrationValue(date: self) }
}

extension MigrationValue {
    /// The ObjectId that `hex` (24 hex digits, as a `String` model property holds one) stands for, or `.string(hex)`
    /// when it is not one: the way back for a generated `MixedValue.objectID`.
    public static func objectId(hex: String) -> MigrationValue {
        guard let (leading, trailing) = ObjectIdText.parts(hex: hex) else { return .string(hex) }
        return .objectId(leading: leading, trailing: trailing)
    }

    /// The Decimal128 that `text` (its scientific text, as a `String` model property holds one) stands for, or
    /// `.string(text)` when it is not one: the way back for a generated `MixedValue.decimalText`.
    public static func decimal128(text: String) -> MigrationValue {
        guard let decimal = StoredDecimal128(scientificText: text) else { return .string(text) }
        return .decimal128(low: decimal.low, high: decimal.high)
    }
}

/// An ObjectId's 12 bytes as 24 lowercase hex digits, and back.
enum ObjectIdText {
    /// The two big-endian parts of the ObjectId `hex` spells (either case), or `nil` unless it is 24 hex digits.
    static func parts(hex: String) -> (leading: UInt64, trailing: UInt32)? {
        let digits = Array(hex.utf8)
        guard digits.count == 24 else { return nil }
        var value: [UInt64] = []
        value.reserveCapacity(24)
        for digit in digits {
            switch digit {
            case UInt8(ascii: "0")...UInt8(ascii: "9"): value.append(UInt64(digit - UInt8(ascii: "0")))
            case UInt8(ascii: "a")...UInt8(ascii: "f"): value.append(UInt64(digit - UInt8(ascii: "a") + 10))
            case UInt8(ascii: "A")...UInt8(ascii: "F"): value.append(UInt64(digit - UInt8(ascii: "A") + 10))
            default: return nil
            }
        }
        let leading = value[0..<16].reduce(0) { $0 << 4 | $1 }
        let trailing = value[16..<24].reduce(0) { $0 << 4 | $1 }
        return (leading, UInt32(trailing))
    }

    static func hex(leading: UInt64, trailing: UInt32) -> String {
        let digits = Array("0123456789abcdef".utf8)
        var bytes: [UInt8] = []
        bytes.reserveCapacity(24)
        for shift in stride(from: 60, through: 0, by: -4) {
            bytes.append(digits[Int((leading >> UInt64(shift)) & 0xF)])
        }
        for shift in stride(from: 28, through: 0, by: -4) {
            bytes.append(digits[Int((trailing >> UInt32(shift)) & 0xF)])
        }
        return String(decoding: bytes, as: UTF8.self)
    }
}
