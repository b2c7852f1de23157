import Foundation

/// One value as the migration engine moves it: a property's value, a collection element, or the content of a
/// mixed value. The model is neutral: it names no storage engine, and every source maps its values onto it.
public indirect enum MigrationValue: Sendable, Hashable {
    case null
    case int(Int64)
    case bool(Bool)
    case float(Float)
    case double(Double)
    case string(String)
    case data(Data)
    /// A point in time: whole seconds since 1970-01-01T00:00:00Z and a nanosecond part of the same sign.
    case date(seconds: Int64, nanoseconds: Int32)
    /// An IEEE 754-2008 decimal128 in binary integer decimal encoding, as two little-endian 64-bit halves.
    case decimal128(low: UInt64, high: UInt64)
    /// A 12-byte BSON ObjectId: bytes 0–7 and 8–11, big-endian.
    case objectId(leading: UInt64, trailing: UInt32)
    case uuid(UUID)
    /// A link to one object, named by its class and its source identity.
    case link(ObjectReference)
    /// An ordered list; inside a mixed value, a nested list.
    case list([MigrationValue])
    /// A set, in the source's storage order.
    case set([MigrationValue])
    /// A dictionary with string keys, in the source's storage order.
    case dictionary([MigrationDictionaryEntry])
}

/// A link target: the class and the stable identity (key) of one object.
public struct ObjectReference: Sendable, Hashable, Codable {
    /// The class name of the target object.
    public var className: String
    /// The target's identity within its class (see ``MigrationRecord/key``).
    public var key: Int64

    /// Creates a reference to object `key` of class `className`.
    public init(className: String, key: Int64) {
        self.className = className
        self.key = key
    }
}

/// One key–value pair of a dictionary value.
public struct MigrationDictionaryEntry: Sendable, Hashable {
    /// The dictionary key.
    public var key: String
    /// The value stored under `key`.
    public var value: MigrationValue

    /// Creates an entry.
    public init(key: String, value: MigrationValue) {
        self.key = key
        self.value = value
    }
}
