import Foundation

/// One value read from a property list or a `UserDefaults` domain, with its property-list type kept.
///
/// Foundation hands property-list values over as `Any`, and the concrete classes differ between Apple platforms
/// (booleans and numbers are both `NSNumber`) and Linux (booleans are Swift `Bool`). Converting once into this enum
/// lets the rest of the migration reason about types without casts that behave differently per platform.
public enum PropertyListValue: Sendable, Hashable {
    /// A string (`<string>`).
    case string(String)
    /// An integer (`<integer>`) that fits in 64 signed bits.
    case integer(Int64)
    /// An integer above `Int64.max` (property lists can hold unsigned 64-bit integers).
    case unsignedInteger(UInt64)
    /// A floating-point number (`<real>`).
    case real(Double)
    /// A boolean (`<true/>` or `<false/>`).
    case boolean(Bool)
    /// A date (`<date>`).
    case date(Date)
    /// Raw bytes (`<data>`).
    case data(Data)
    /// An array (`<array>`).
    case array([PropertyListValue])
    /// A dictionary with string keys (`<dict>`).
    case dictionary([String: PropertyListValue])

    /// The property-list type name, as used in reports ("a string", "a boolean", …).
    public var typeDescription: String {
        switch self {
        case .string: "a string"
        case .integer, .unsignedInteger: "an integer"
        case .real: "a real number"
        case .boolean: "a boolean"
        case .date: "a date"
        case .data: "data"
        case .array: "an array"
        case .dictionary: "a dictionary"
        }
    }
}
