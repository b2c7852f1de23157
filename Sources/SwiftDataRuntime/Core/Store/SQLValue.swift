import Foundation

/// A value as SQLite stores it.
enum SQLValue: Hashable {
    case null
    case integer(Int64)
    case real(Double)
    case text(String)
    case blob([UInt8])
}

/// A Swift type stored in one SQLite column without an encoder.
protocol SQLScalar {
    var sqlValue: SQLValue { get }
    static func decode(_ value: SQLValue) -> Self?
    /// Whether SQLite's ordering of the stored values matches Swift's `<` (so comparisons run in SQL).
    static var isOrderPreserving: Bool { get }
    static var columnType: String { get }
}

extension SQLScalar {
    static var isOrderPreserving: Bool { true }
}

protocol SQLIntegerScalar: SQLScalar, FixedWidthInteger {}
extension SQLIntegerScalar {
    var sqlValue: SQLValue { .integer(Int64(self)) }
    static func decode(_ value: SQLValue) -> Self? {
        if case .integer(let number) = value { return Self(exactly: number) }
        return nil
    }
    static var columnType: String { "INTEGER" }
}
extension Int: SQLIntegerScalar {}
extension Int8: SQLIntegerScalar {}
extension Int16: SQLIntegerScalar {}
extension Int32: SQLIntegerScalar {}
extension Int64: SQLIntegerScalar {}
extension UInt8: SQLIntegerScalar {}
extension UInt16: SQLIntegerScalar {}
extension UInt32: SQLIntegerScalar {}

/// Stored as Core Data stores a `Double` attribute: a real in a column of REAL affinity. So, as on a device, SQLite
/// stores NaN as NULL (a non-optional attribute then fails to decode: the fetch throws, where Apple's behaviour is not
/// documented; an optional one reads `nil`), and writes a real with no fraction as an integer, so −0.0 reads back
/// as +0.0.
extension Double: SQLScalar {
    /// A NaN is bound as a real too: SQLite itself stores it as NULL (the runtime tests check the stored type).
    var sqlValue: SQLValue { .real(self) }
    static func decode(_ value: SQLValue) -> Double? {
        switch value {
        case .real(let number): return number
        case .integer(let number): return Double(number)
        default: return nil
        }
    }
    static var columnType: String { "REAL" }
}

/// Stored as a `Double` (Core Data's float attributes are reals too).
extension Float: SQLScalar {
    var sqlValue: SQLValue { Double(self).sqlValue }
    static func decode(_ value: SQLValue) -> Float? { Double.decode(value).map(Float.init) }
    static var columnType: String { Double.columnType }
}

extension Bool: SQLScalar {
    var sqlValue: SQLValue { .integer(self ? 1 : 0) }
    static func decode(_ value: SQLValue) -> Bool? {
        if case .integer(let number) = value { return number != 0 }
        return nil
    }
    static var columnType: String { "INTEGER" }
}

extension String: SQLScalar {
    var sqlValue: SQLValue { .text(self) }
    static func decode(_ value: SQLValue) -> String? {
        if case .text(let text) = value { return text }
        return nil
    }
    static var columnType: String { "TEXT" }
}

extension Date: SQLScalar {
    var sqlValue: SQLValue { .real(timeIntervalSinceReferenceDate) }
    static func decode(_ value: SQLValue) -> Date? {
        Double.decode(value).map(Date.init(timeIntervalSinceReferenceDate:))
    }
    static var columnType: String { "REAL" }
}

extension UUID: SQLScalar {
    var sqlValue: SQLValue { withUnsafeBytes(of: uuid) { .blob(Array($0)) } }
    static func decode(_ value: SQLValue) -> UUID? {
        guard case .blob(let bytes) = value, bytes.count == 16 else { return nil }
        return UUID(
            uuid: (
                bytes[0], bytes[1], bytes[2], bytes[3], bytes[4], bytes[5], bytes[6], bytes[7], bytes[8], bytes[9],
                bytes[10], bytes[11], bytes[12], bytes[13], bytes[14], bytes[15]
            ))
    }
    static var isOrderPreserving: Bool { false }
    static var columnType: String { "BLOB" }
}

extension Data: SQLScalar {
    var sqlValue: SQLValue { .blob(Array(self)) }
    static func decode(_ value: SQLValue) -> Data? {
        if case .blob(let bytes) = value { return Data(bytes) }
        return nil
    }
    static var isOrderPreserving: Bool { false }
    static var columnType: String { "BLOB" }
}

/// Stored as a `Double`, as Core Data's SQLite store keeps a decimal attribute (an `NSDecimalNumber` reports itself
/// as a double, `objCType` "d", and is written as one): digits beyond a double's precision are lost, as on a device.
extension Decimal: SQLScalar {
    var sqlValue: SQLValue { NSDecimalNumber(decimal: self).doubleValue.sqlValue }
    static func decode(_ value: SQLValue) -> Decimal? { Double.decode(value).map { Decimal($0) } }
    static var columnType: String { Double.columnType }
}

extension Optional: SQLScalar where Wrapped: SQLScalar {
    // A closure, not a key path: a key path through a generic type is built anew on every call (a hot path).
    var sqlValue: SQLValue { map { $0.sqlValue } ?? .null }
    static func decode(_ value: SQLValue) -> Wrapped?? {
        if case .null = value { return .some(nil) }
        return Wrapped.decode(value).map { .some($0) }
    }
    static var isOrderPreserving: Bool { Wrapped.isOrderPreserving }
    static var columnType: String { Wrapped.columnType }
}
