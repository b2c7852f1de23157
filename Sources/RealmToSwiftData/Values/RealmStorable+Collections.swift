import MigrationEngine

/// `nil` is Realm's null.
extension Optional: RealmStorable where Wrapped: RealmStorable {
    public init(realmValue: MigrationValue) throws(RealmValueError) {
        if case .null = realmValue {
            self = nil
        } else {
            self = try Wrapped(realmValue: realmValue)
        }
    }

    // A closure, not a key path: a key path through a generic type is built anew on every call (a hot path).
    public var realmValue: MigrationValue { map { $0.realmValue } ?? .null }
}

/// An array holds a Realm list in its order, or a Realm set in its storage order (and gives a list back).
extension Array: RealmStorable where Element: RealmStorable {
    public init(realmValue: MigrationValue) throws(RealmValueError) {
        switch realmValue {
        case .list(let items), .set(let items):
            var elements: [Element] = []
            elements.reserveCapacity(items.count)
            for item in items { elements.append(try Element(realmValue: item)) }
            self = elements
        default:
            throw RealmValueError(expectedType: "[\(Element.self)]", found: realmValue)
        }
    }

    public var realmValue: MigrationValue { .list(map { $0.realmValue }) }
}

/// A dictionary holds a Realm map; its way back lists the entries by key (a Swift dictionary has no order).
extension Dictionary: RealmStorable where Key == String, Value: RealmStorable {
    public init(realmValue: MigrationValue) throws(RealmValueError) {
        guard case .dictionary(let entries) = realmValue else {
            throw RealmValueError(expectedType: "[String: \(Value.self)]", found: realmValue)
        }
        var dictionary: [String: Value] = [:]
        dictionary.reserveCapacity(entries.count)
        for entry in entries {
            guard dictionary.updateValue(try Value(realmValue: entry.value), forKey: entry.key) == nil else {
                throw RealmValueError(
                    expectedType: "[String: \(Value.self)]", found: realmValue, reason: "key \(entry.key) twice")
            }
        }
        self = dictionary
    }

    public var realmValue: MigrationValue {
        .dictionary(
            keys.sorted().map { MigrationDictionaryEntry(key: $0, value: self[$0]?.realmValue ?? .null) })
    }
}

/// An enum a model stores by raw value, as Realm's `PersistableEnum` does. Generated enums declare the conformance.
public protocol RealmStorableEnum: RealmStorable, RawRepresentable where RawValue: RealmStorable {}

extension RealmStorableEnum {
    public init(realmValue: MigrationValue) throws(RealmValueError) {
        guard let value = Self(rawValue: try RawValue(realmValue: realmValue)) else {
            throw RealmValueError(expectedType: "\(Self.self)", found: realmValue, reason: "no case has this raw value")
        }
        self = value
    }

    public var realmValue: MigrationValue { rawValue.realmValue }
}
