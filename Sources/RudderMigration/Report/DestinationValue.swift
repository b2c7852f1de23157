/// A value the migration writes to the Swift SDK's suite: the SDK reads only strings, integers and booleans.
public enum DestinationValue: Sendable, Hashable, Codable, CustomStringConvertible {
    /// A string (`anonymous_id`, `user_id`, `traits`, `session_id`, `last_activity_time`, `rudder.app_version`).
    case string(String)
    /// An integer (`rudder.app_build`).
    case integer(Int)
    /// A boolean (`is_manual_session`).
    case boolean(Bool)

    /// The value as stored in a property list.
    public var propertyListValue: PropertyListValue {
        switch self {
        case .string(let string): .string(string)
        case .integer(let integer): .integer(Int64(integer))
        case .boolean(let boolean): .boolean(boolean)
        }
    }

    /// Whether `stored`, read back from a store, is this value.
    public func matches(_ stored: PropertyListValue?) -> Bool {
        switch (self, stored) {
        case (.string(let expected), .string(let found)?): expected == found
        case (.integer(let expected), .integer(let found)?): Int64(expected) == found
        case (.boolean(let expected), .boolean(let found)?): expected == found
        default: false
        }
    }

    /// Strings quoted, numbers and booleans bare.
    public var description: String {
        switch self {
        case .string(let string): "\"\(string)\""
        case .integer(let integer): String(integer)
        case .boolean(let boolean): String(boolean)
        }
    }

    public init(from decoder: any Decoder) throws {
        let container = try decoder.singleValueContainer()
        if let boolean = try? container.decode(Bool.self) {
            self = .boolean(boolean)
        } else if let integer = try? container.decode(Int.self) {
            self = .integer(integer)
        } else {
            self = .string(try container.decode(String.self))
        }
    }

    public func encode(to encoder: any Encoder) throws {
        var container = encoder.singleValueContainer()
        switch self {
        case .string(let string): try container.encode(string)
        case .integer(let integer): try container.encode(integer)
        case .boolean(let boolean): try container.encode(boolean)
        }
    }
}
