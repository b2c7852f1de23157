/// A `KeyValueStore` held in memory: a destination for previews ("what would migrate into a fresh suite") and tests.
public final class InMemoryKeyValueStore: KeyValueStore {
    /// The stored values.
    public private(set) var storage: [String: PropertyListValue]
    public let identity: String

    /// Creates a store named `identity` holding `storage`.
    public init(identity: String = "memory", storage: [String: PropertyListValue] = [:]) {
        self.identity = identity
        self.storage = storage
    }

    public func values(forKeys keys: [String]) -> [String: PropertyListValue] {
        storage.filter { keys.contains($0.key) }
    }

    public func write(_ values: [String: PropertyListValue]) {
        storage.merge(values) { _, new in new }
    }

    public func removeValues(forKeys keys: [String]) {
        for key in keys { storage[key] = nil }
    }
}
