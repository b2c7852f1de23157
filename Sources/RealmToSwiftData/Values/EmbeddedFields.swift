import MigrationEngine

/// One embedded object's values, read by field name from the `.dictionary` the migration carries it as: what a
/// generated embedded struct builds itself from.
///
/// ```swift
/// extension Address: RealmStorable {
///     init(realmValue: MigrationValue) throws(RealmValueError) {
///         let fields = try EmbeddedFields(realmValue, className: "Address")
///         self.init(street: try fields["street"], city: try fields["city"])
///     }
///     // realmValue: .dictionary of the fields in the class's order
/// }
/// ```
public struct EmbeddedFields: Sendable {
    private let className: String
    private let object: MigrationValue
    private let values: [String: MigrationValue]

    /// Reads the fields of an embedded object of `className`.
    /// - Throws: ``RealmValueError`` when `value` is not a dictionary, or names a field twice.
    public init(_ value: MigrationValue, className: String) throws(RealmValueError) {
        guard case .dictionary(let entries) = value else {
            throw RealmValueError(expectedType: className, found: value)
        }
        var values: [String: MigrationValue] = [:]
        for entry in entries {
            guard values.updateValue(entry.value, forKey: entry.key) == nil else {
                throw RealmValueError(expectedType: className, found: value, reason: "field \(entry.key) twice")
            }
        }
        self.className = className
        object = value
        self.values = values
    }

    /// Checks that `field`, which the struct has no property for, holds nothing (null or an empty collection), so
    /// that a migration never drops a value silently.
    /// - Throws: ``RealmValueError`` when it holds something.
    public func requireEmpty(_ field: String) throws(RealmValueError) {
        guard let raw = values[field], !raw.isEmpty else { return }
        throw RealmValueError(
            expectedType: "\(className).\(field)", found: raw, reason: "the struct has no property for it")
    }

    /// The value of `field` as the struct's property type.
    /// - Throws: ``RealmValueError`` when the object has no such field or its value does not convert; the
    ///   expected type names the field (`Address.zip as Int`).
    public subscript<Value: RealmStorable>(_ field: String) -> Value {
        get throws(RealmValueError) {
            let raw = try raw(field)
            do {
                return try Value(realmValue: raw)
            } catch {
                throw RealmValueError(
                    expectedType: "\(className).\(field) as \(error.expectedType)", found: raw, reason: error.reason)
            }
        }
    }
}

extension EmbeddedFields {
    /// The `realmObjectKey` of the model that the link `field` points at (`nil` for no link): an embedded struct
    /// holds its links to models as their keys, since a `Codable` value cannot hold a relationship.
    /// - Throws: ``RealmValueError`` when the object has no such field or it holds something other than a link.
    public func linkedObjectKey(_ field: String) throws(RealmValueError) -> Int64? {
        switch try raw(field) {
        case .null: return nil
        case .link(let reference): return reference.key
        case let other: throw RealmValueError(expectedType: "\(className).\(field) as a link", found: other)
        }
    }

    /// The `realmObjectKey`s of the models that the list or set of links `field` points at, in order.
    /// - Throws: ``RealmValueError`` when the object has no such field or it holds something other than links.
    public func linkedObjectKeys(_ field: String) throws(RealmValueError) -> [Int64] {
        let value = try raw(field)
        guard case .list(let items) = value.asRelationship else {
            throw RealmValueError(expectedType: "\(className).\(field) as links", found: value)
        }
        return try items.map { item throws(RealmValueError) in
            guard case .link(let reference) = item else {
                throw RealmValueError(expectedType: "\(className).\(field) as links", found: value)
            }
            return reference.key
        }
    }

    private func raw(_ field: String) throws(RealmValueError) -> MigrationValue {
        guard let raw = values[field] else {
            throw RealmValueError(expectedType: "\(className).\(field)", found: object, reason: "no such field")
        }
        return raw
    }
}

extension MigrationValue {
    /// A link to the object of `className` with `objectKey`, or `.null`: how an embedded struct writes back a link
    /// it holds as the target's `realmObjectKey`.
    public static func link(to className: String, objectKey: Int64?) -> MigrationValue {
        objectKey.map { .link(ObjectReference(className: className, key: $0)) } ?? .null
    }

    /// A list of links to the objects of `className` with `objectKeys`, in order.
    public static func link(to className: String, objectKeys: [Int64]) -> MigrationValue {
        .list(objectKeys.map { .link(ObjectReference(className: className, key: $0)) })
    }
}
