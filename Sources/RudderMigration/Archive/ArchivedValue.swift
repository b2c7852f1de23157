import Foundation

/// A value decoded from a keyed archive of property-list classes: what the v2 SDK's traits dictionary can hold and a
/// JSON object can carry.
package enum ArchivedValue: Equatable {
    case null
    case boolean(Bool)
    case integer(Int64)
    case unsignedInteger(UInt64)
    case real(Double)
    case string(String)
    case array([ArchivedValue])
    case dictionary([String: ArchivedValue])

    /// The value as the Foundation object `JSONSerialization` writes (`NSNull`, `Bool`, `NSNumber`, `String`,
    /// arrays, dictionaries).
    package var foundationObject: Any {
        switch self {
        case .null: NSNull()
        case .boolean(let boolean): boolean
        case .integer(let integer): NSNumber(value: integer)
        case .unsignedInteger(let integer): NSNumber(value: integer)
        case .real(let real): NSNumber(value: real)
        case .string(let string): string
        case .array(let values): values.map(\.foundationObject)
        case .dictionary(let values): values.mapValues(\.foundationObject)
        }
    }
}
