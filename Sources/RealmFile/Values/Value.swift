import Foundation

/// One value read from a Realm file: a property's value, a collection element, or the content of a mixed value.
public enum StoredValue: Hashable, Sendable {
    case null
    case int(Int64)
    case bool(Bool)
    case float(Float)
    case double(Double)
    case string(String)
    case binary(Data)
    case timestamp(StoredTimestamp)
    case decimal(StoredDecimal128)
    case objectId(StoredObjectId)
    case uuid(UUID)
    /// A link to an object (to-one link, typed link, link inside a mixed value, link-list element).
    /// Links to embedded objects point into the embedded class's table.
    case link(StoredObjectLink)
    /// An ordered list (`List`); in a mixed value (format 24) a nested list.
    case list([StoredValue])
    /// A set (`MutableSet`), in the engine's storage order.
    case set([StoredValue])
    /// A dictionary (`Map`), in the engine's storage order.
    case dictionary([StoredDictionaryEntry])
}

/// One key–value pair of a Realm dictionary.
public struct StoredDictionaryEntry: Hashable, Sendable {
    /// The dictionary key.
    public var key: String
    /// The value stored under `key`.
    public var value: StoredValue
    /// Creates an entry.
    public init(key: String, value: StoredValue) {
        self.key = key
        self.value = value
    }
}
