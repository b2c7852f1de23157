import MigrationEngine

/// One Realm object's values, read by field name: what a generated importer builds a model from.
///
/// ```swift
/// Track(id: try record["id"], title: try record["title"], genre: try record["genre"])
/// ```
public struct RealmRecordFields: Sendable {
    /// The object's key in the Realm file (its identity there).
    public let key: Int64
    /// The Realm class.
    public let className: String
    private let values: [MigrationValue]
    private let indices: [String: Int]

    init(record: MigrationRecord, className: String, indices: [String: Int]) {
        key = record.key
        self.className = className
        values = record.values
        self.indices = indices
    }

    /// The raw value of `field`.
    /// - Throws: ``RealmImportError/missingField(className:field:)`` when the class has no such field.
    public func value(_ field: String) throws(RealmImportError) -> MigrationValue {
        guard let index = indices[field], values.indices.contains(index) else {
            throw RealmImportError.missingField(className: className, field: field)
        }
        return values[index]
    }

    /// Checks that `field`, which the model has no property for, holds nothing (null or an empty collection), so
    /// that a migration never drops a value silently.
    /// - Throws: ``RealmImportError/notImported(className:key:field:found:)`` when it holds something.
    public func requireEmpty(_ field: String) throws(RealmImportError) {
        let raw = try value(field)
        guard raw.isEmpty else {
            throw RealmImportError.notImported(
                className: className, key: key, field: field, found: raw.shortDescription)
        }
    }

    /// The value of `field` as the model's type.
    /// - Throws: ``RealmImportError/conversion(className:key:field:_:)`` when it does not convert.
    public subscript<Value: RealmStorable>(_ field: String) -> Value {
        get throws(RealmImportError) {
            let raw = try value(field)
            do {
                return try Value(realmValue: raw)
            } catch {
                throw RealmImportError.conversion(className: className, key: key, field: field, error)
            }
        }
    }
}

/// Why a Realm object could not become a model.
///
/// The per-object layer between ``RealmValueError`` (one value, nested in ``conversion(className:key:field:_:)``)
/// and ``RealmToSwiftDataError`` (the whole run, which wraps this as ``RealmToSwiftDataError/importFailed(_:)``).
public enum RealmImportError: Error, Sendable, Hashable, Codable, CustomStringConvertible {
    /// The importer asked for a field the Realm class does not have.
    case missingField(className: String, field: String)
    /// A value does not convert to the model's type.
    case conversion(className: String, key: Int64, field: String, RealmValueError)
    /// A relationship names an object the store does not hold.
    case unresolvedLink(className: String, key: Int64, field: String, target: String, targetKey: Int64)
    /// A link field held something other than links.
    case notALink(className: String, key: Int64, field: String, found: String)
    /// A field the models have no property for holds a value (see ``RealmRecordFields/requireEmpty(_:)``).
    case notImported(className: String, key: Int64, field: String, found: String)

    public var description: String {
        switch self {
        case .missingField(let className, let field): "\(className) has no field \(field) in the Realm file"
        case .conversion(let className, let key, let field, let error): "\(className)[\(key)].\(field): \(error)"
        case .unresolvedLink(let className, let key, let field, let target, let targetKey):
            "\(className)[\(key)].\(field) links to \(target)[\(targetKey)], which the store does not hold"
        case .notALink(let className, let key, let field, let found):
            "\(className)[\(key)].\(field) should hold links but holds \(found)"
        case .notImported(let className, let key, let field, let found):
            "\(className)[\(key)].\(field) holds \(found), which the models have no property for"
        }
    }
}
