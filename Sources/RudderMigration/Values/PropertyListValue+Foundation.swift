import Foundation

extension PropertyListValue {
    /// Converts a value returned by `PropertyListSerialization` or `UserDefaults` into a `PropertyListValue`.
    ///
    /// Returns `nil` for objects that are not property-list types. Arrays and dictionaries nested deeper than
    /// `maximumDepth` levels are converted empty, so that a hostile file cannot exhaust the stack; the migration only
    /// needs a container's type to reject it, never its contents.
    ///
    /// - Parameters:
    ///   - object: The Foundation object.
    ///   - maximumDepth: How many levels of arrays and dictionaries are converted with their contents.
    /// - Returns: The converted value, or `nil` if `object` is not a property-list value.
    public init?(foundationObject object: Any, maximumDepth: Int = 64) {
        // Swift `Bool` first: on Linux `<true/>` arrives as `Bool`, and an `NSNumber` 1 would also cast to `Bool`.
        if type(of: object) == Bool.self, let boolean = object as? Bool {
            self = .boolean(boolean)
        } else if let string = object as? String {
            self = .string(string)
        } else if let number = object as? NSNumber {
            self = Self(number: number)
        } else if let date = object as? Date {
            self = .date(date)
        } else if let data = object as? Data {
            self = .data(data)
        } else if let array = object as? [Any] {
            guard maximumDepth > 0 else {
                self = .array([])
                return
            }
            var values: [PropertyListValue] = []
            values.reserveCapacity(array.count)
            for element in array {
                guard let value = PropertyListValue(foundationObject: element, maximumDepth: maximumDepth - 1) else {
                    return nil
                }
                values.append(value)
            }
            self = .array(values)
        } else if let dictionary = object as? [String: Any] {
            guard maximumDepth > 0 else {
                self = .dictionary([:])
                return
            }
            var values: [String: PropertyListValue] = [:]
            for (key, element) in dictionary {
                guard let value = PropertyListValue(foundationObject: element, maximumDepth: maximumDepth - 1) else {
                    return nil
                }
                values[key] = value
            }
            self = .dictionary(values)
        } else {
            return nil
        }
    }

    /// Classifies an `NSNumber` by its Objective-C type code: `c`/`B` are booleans (Apple platforms return
    /// `<true/>` as a `CFBoolean`, whose code is `c`), `f`/`d` are reals, `Q` may exceed `Int64`, the rest are integers.
    private init(number: NSNumber) {
        let code = String(cString: number.objCType)
        switch code {
        case "c", "B":
            self = .boolean(number.boolValue)
        case "f", "d":
            self = .real(number.doubleValue)
        case "Q", "L", "I", "S", "C":
            let unsigned = number.uint64Value
            if let signed = Int64(exactly: unsigned) {
                self = .integer(signed)
            } else {
                self = .unsignedInteger(unsigned)
            }
        default:
            self = .integer(number.int64Value)
        }
    }

    /// The Foundation object `PropertyListSerialization` and `UserDefaults` accept for this value.
    public var foundationObject: Any {
        switch self {
        case .string(let string): string
        case .integer(let integer): NSNumber(value: integer)
        case .unsignedInteger(let integer): NSNumber(value: integer)
        case .real(let real): NSNumber(value: real)
        case .boolean(let boolean): boolean
        case .date(let date): date
        case .data(let data): data
        case .array(let values): values.map(\.foundationObject)
        case .dictionary(let values): values.mapValues(\.foundationObject)
        }
    }
}
