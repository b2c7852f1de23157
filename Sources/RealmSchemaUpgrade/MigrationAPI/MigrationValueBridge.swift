import Foundation
import MigrationEngine
import RealmFile

/// Values between the engine's ``MigrationValue`` and the Swift values a migration block reads and writes, as
/// RealmSwift's dynamic accessors give them: `Int`, `Bool`, `Float`, `Double`, `String`, `Data`, `Date`,
/// ``Decimal128``, ``ObjectId``, `UUID`, ``MigrationObject`` for a link, `nil` for null, and ``List``,
/// ``MutableSet`` and ``Map`` for collections.
enum MigrationValueBridge {
    /// The Swift value of one scalar (a property's value, or a collection's element).
    static func swiftValue(of value: MigrationValue, linksAreOld: Bool, in migration: Migration) -> Any? {
        switch value {
        case .null: nil
        case .int(let int): Int(int)
        case .bool(let bool): bool
        case .float(let float): float
        case .double(let double): double
        case .string(let string): string
        case .data(let data): data
        case .date: value.dateValue
        case .decimal128(let low, let high): Decimal128(stored: StoredDecimal128(low: low, high: high))
        case .objectId(let leading, let trailing):
            ObjectId(stored: StoredObjectId(leading: leading, trailing: trailing))
        case .uuid(let uuid): uuid
        case .link(let link):
            linksAreOld
                ? migration.oldObject(link.className, key: link.key)
                : MigrationObject(migration: migration, newObjectOf: link.className, key: link.key, baseValues: nil)
        case .list(let items), .set(let items):
            items.map { swiftValue(of: $0, linksAreOld: linksAreOld, in: migration) }
        case .dictionary(let entries):
            Dictionary(
                entries.map { ($0.key, swiftValue(of: $0.value, linksAreOld: linksAreOld, in: migration)) },
                uniquingKeysWith: { first, _ in first })
        }
    }

    /// The engine's value of what a block assigns to `field` (a whole collection for a collection field).
    static func value(from any: Any?, for field: FieldDescription, in migration: Migration)
        -> Result<MigrationValue, SchemaUpgradeError>
    {
        let any = unwrapped(any)
        if field.collection != .single {
            guard let any else { return .success(.realmDefault(for: field)) }
            var element = field
            element.collection = .single
            switch field.collection {
            case .list, .set:
                guard let items = elements(of: any) else { return .failure(mismatch(any, field)) }
                var values: [MigrationValue] = []
                for item in items {
                    switch scalar(from: unwrapped(item), for: element, in: migration) {
                    case .success(let value): values.append(value)
                    case .failure(let error): return .failure(error)
                    }
                }
                return .success(field.collection == .list ? .list(values) : .set(values))
            default:
                guard let pairs = entries(of: any) else { return .failure(mismatch(any, field)) }
                var values: [MigrationDictionaryEntry] = []
                for (key, item) in pairs {
                    switch scalar(from: unwrapped(item), for: element, in: migration) {
                    case .success(let value): values.append(MigrationDictionaryEntry(key: key, value: value))
                    case .failure(let error): return .failure(error)
                    }
                }
                return .success(.dictionary(values))
            }
        }
        return scalar(from: any, for: field, in: migration)
    }

    /// One value of a single field or one element of a collection field.
    static func scalar(from any: Any?, for field: FieldDescription, in migration: Migration)
        -> Result<MigrationValue, SchemaUpgradeError>
    {
        guard let any else {
            return field.isOptional || field.type == .link || field.type == .mixed
                ? .success(.null)
                : .failure(.invalidMigration("Invalid null value for required property '\(field.name)'."))
        }
        let converted: MigrationValue? =
            switch field.type {
            case .int: integer(any).map(MigrationValue.int)
            case .bool: (any as? Bool).map(MigrationValue.bool)
            case .float: floating(any).map { .float(Float($0)) }
            case .double: floating(any).map(MigrationValue.double)
            case .string: (any as? String).map(MigrationValue.string) ?? (any as? Substring).map { .string(String($0)) }
            case .data: (any as? Data).map(MigrationValue.data) ?? (any as? [UInt8]).map { .data(Data($0)) }
            case .date: (any as? Date).map(MigrationValue.init(date:))
            case .decimal128: (any as? Decimal128).map { .decimal128(low: $0.stored.low, high: $0.stored.high) }
            case .objectId:
                (any as? ObjectId).map { .objectId(leading: $0.stored.leading, trailing: $0.stored.trailing) }
            case .uuid: (any as? UUID).map(MigrationValue.uuid)
            case .link, .embedded: link(any, to: field.targetClass, in: migration)
            case .mixed: mixed(any, in: migration)
            }
        if let converted { return .success(converted) }
        if case .link = field.type, let object = any as? MigrationObject, object.isOld {
            return .failure(
                .invalidMigration(
                    "Cannot set '\(field.name)' to an object of the old Realm: link to the newObject of the same key."))
        }
        return .failure(mismatch(any, field))
    }

    private static func link(_ any: Any, to target: String?, in migration: Migration) -> MigrationValue? {
        guard let object = any as? MigrationObject, !object.isOld, object.key >= 0,
            target == nil || object.className == target
        else { return nil }
        return .link(ObjectReference(className: object.className, key: object.key))
    }

    private static func mixed(_ any: Any, in migration: Migration) -> MigrationValue? {
        if let int = integer(any) { return .int(int) }
        switch any {
        case let value as Bool: return .bool(value)
        case let value as Float: return .float(value)
        case let value as Double: return .double(value)
        case let value as String: return .string(value)
        case let value as Data: return .data(value)
        case let value as Date: return MigrationValue(date: value)
        case let value as Decimal128: return .decimal128(low: value.stored.low, high: value.stored.high)
        case let value as ObjectId: return .objectId(leading: value.stored.leading, trailing: value.stored.trailing)
        case let value as UUID: return .uuid(value)
        default: return link(any, to: nil, in: migration)
        }
    }

    private static func integer(_ any: Any) -> Int64? {
        switch any {
        case let value as Int: Int64(value)
        case let value as Int64: value
        case let value as Int32: Int64(value)
        case let value as Int16: Int64(value)
        case let value as Int8: Int64(value)
        case let value as UInt32: Int64(value)
        case let value as UInt16: Int64(value)
        case let value as UInt8: Int64(value)
        default: nil
        }
    }

    private static func floating(_ any: Any) -> Double? {
        switch any {
        case let value as Double: value
        case let value as Float: Double(value)
        default: integer(any).map(Double.init)
        }
    }

    private static func elements(of any: Any) -> [Any?]? {
        if let collection = any as? any MigrationCollectionValues { return collection.swiftElements }
        if let array = any as? [Any?] { return array }
        if let array = any as? [Any] { return array.map { $0 } }
        if let set = any as? Set<AnyHashable> { return set.map { $0.base } }
        return nil
    }

    private static func entries(of any: Any) -> [(String, Any?)]? {
        if let map = any as? any MigrationCollectionValues, let entries = map.swiftEntries { return entries }
        if let dictionary = any as? [String: Any?] {
            return dictionary.sorted { $0.key < $1.key }.map { ($0.key, $0.value) }
        }
        if let dictionary = any as? [String: Any] {
            return dictionary.sorted { $0.key < $1.key }.map { ($0.key, $0.value) }
        }
        return nil
    }

    private static func mismatch(_ any: Any, _ field: FieldDescription) -> SchemaUpgradeError {
        .invalidMigration(
            "Invalid value '\(any)' of type '\(type(of: any))' for '\(field.type.rawValue)' property '\(field.name)'.")
    }

    /// `any` with its `Optional` wrapping removed (a `String?` stored in an `Any`).
    static func unwrapped(_ any: Any?) -> Any? {
        guard let any else { return nil }
        guard let optional = any as? any OptionalValue else { return any }
        return unwrapped(optional.wrappedAny)
    }
}

/// An `Optional` of any type, seen through `Any`.
private protocol OptionalValue {
    var wrappedAny: Any? { get }
}

extension Optional: OptionalValue {
    fileprivate var wrappedAny: Any? { self.map { $0 as Any } }
}

/// A ``List``, ``MutableSet`` or ``Map`` handed back to a property: its elements as Swift values.
protocol MigrationCollectionValues {
    var swiftElements: [Any?] { get }
    var swiftEntries: [(String, Any?)]? { get }
}
