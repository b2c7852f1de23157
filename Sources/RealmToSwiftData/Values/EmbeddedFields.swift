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
            guard let raw = values[field] else {
                throw RealmValueError(
                    expectedType: "\(className).\(field)", found: object, reason: "no such field")
            }
            do {
                return try Value(realmValue: raw)
            } catch {
                throw RealmValueError(
                    expectedType: "\(className).\(field) as \(error.expectedType)", found: raw, reason: error.reason)
            }
        }
    }
}
