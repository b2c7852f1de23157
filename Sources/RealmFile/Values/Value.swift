import Foundation

/// One value read from a Realm file: a property's value, a collection element, or the content of a mixed value.
public enum Value: Hashable, Sendable {
    case null
    case int(Int64)
    case bool(Bool)
    case float(Float)
    case double(Double)
    case string(String)
    case binary(Data)
    case timestamp(Timestamp)
    case decimal(Decimal128)
    case objectId(ObjectId)
    case uuid(UUID)
    /// A link to an object (to-one link, typed link, link inside a mixed value, link-list element).
    /// Links to embedded objects point into the embedded class's table.
    case link(ObjectLink)
    /// An ordered list (`List`); in a mixed value (format 24) a nested list.
    case list([Value])
    /// A set (`MutableSet`), in the engine's storage order.
    case set([Value])
    /// A dictionary (`Map`), in the engine's storage order.
    case dictionary([DictionaryEntry])
}

/// One key–value pair of a Realm dictionary.
public struct DictionaryEntry: Hashable, Sendable {
    /// The dictionary key.
    public var key: String
    /// The value stored under `key`.
    public var value: Value
    /// Creates an entry.
    public init(key: String, value: Value) {
        self.key = key
        self.value = value
    }
}
