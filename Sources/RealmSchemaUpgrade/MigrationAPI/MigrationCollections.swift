import Foundation
import MigrationEngine

/// Builds the typed collection a property's value reads as.
enum MigrationCollections {
    /// `value` of the collection field `field` (index `index` of `owner`'s class) as a ``List``, ``MutableSet`` or
    /// ``Map`` of the element type RealmSwift uses: `Int`, `String?`, `MigrationObject`, …
    static func make(
        field: FieldDescription, value: MigrationValue, owner: MigrationObject, index: Int, linksAreOld: Bool
    ) -> Any? {
        let optional = field.isOptional && field.type != .link
        switch (field.type, optional) {
        case (.int, false): return make(Int.self, field, value, owner, index, linksAreOld)
        case (.int, true): return make(Int?.self, field, value, owner, index, linksAreOld)
        case (.bool, false): return make(Bool.self, field, value, owner, index, linksAreOld)
        case (.bool, true): return make(Bool?.self, field, value, owner, index, linksAreOld)
        case (.float, false): return make(Float.self, field, value, owner, index, linksAreOld)
        case (.float, true): return make(Float?.self, field, value, owner, index, linksAreOld)
        case (.double, false): return make(Double.self, field, value, owner, index, linksAreOld)
        case (.double, true): return make(Double?.self, field, value, owner, index, linksAreOld)
        case (.string, false): return make(String.self, field, value, owner, index, linksAreOld)
        case (.string, true): return make(String?.self, field, value, owner, index, linksAreOld)
        case (.data, false): return make(Data.self, field, value, owner, index, linksAreOld)
        case (.data, true): return make(Data?.self, field, value, owner, index, linksAreOld)
        case (.date, false): return make(Date.self, field, value, owner, index, linksAreOld)
        case (.date, true): return make(Date?.self, field, value, owner, index, linksAreOld)
        case (.decimal128, false): return make(Decimal128.self, field, value, owner, index, linksAreOld)
        case (.decimal128, true): return make(Decimal128?.self, field, value, owner, index, linksAreOld)
        case (.objectId, false): return make(ObjectId.self, field, value, owner, index, linksAreOld)
        case (.objectId, true): return make(ObjectId?.self, field, value, owner, index, linksAreOld)
        case (.uuid, false): return make(UUID.self, field, value, owner, index, linksAreOld)
        case (.uuid, true): return make(UUID?.self, field, value, owner, index, linksAreOld)
        case (.link, _) where field.collection == .dictionary:
            return make(MigrationObject?.self, field, value, owner, index, linksAreOld)
        case (.link, _), (.embedded, _): return make(MigrationObject.self, field, value, owner, index, linksAreOld)
        case (.mixed, _): return make(Any?.self, field, value, owner, index, linksAreOld)
        }
    }

    private static func make<Element>(
        _: Element.Type, _ field: FieldDescription, _ value: MigrationValue, _ owner: MigrationObject, _ index: Int,
        _ linksAreOld: Bool
    ) -> Any? {
        let migration = owner.migration
        func element(_ item: MigrationValue) -> Element? {
            cast(MigrationValueBridge.swiftValue(of: item, linksAreOld: linksAreOld, in: migration), to: Element.self)
        }
        let write: ((MigrationValue) -> Void)? = linksAreOld ? nil : { owner.store($0, at: index) }
        let readOnlyFailure = { migration.fail("Cannot modify the property '\(field.name)' of an oldObject.") }
        switch (field.collection, value) {
        case (.list, .list(let items)), (.set, .set(let items)):
            let elements = items.compactMap(element)
            guard elements.count == items.count else { return failure(field, migration) }
            let store: ([Element]) -> Void = { elements in
                guard let write else { return readOnlyFailure() }
                switch MigrationValueBridge.value(from: elements.map { $0 as Any? }, for: field, in: migration) {
                case .success(let value): write(value)
                case .failure(let error): migration.fail(error.description, as: error)
                }
            }
            return field.collection == .list
                ? List(elements, store: store)
                : MutableSet(
                    elements, store: store,
                    identity: { try? MigrationValueBridge.value(from: [$0 as Any?], for: field, in: migration).get() })
        case (.dictionary, .dictionary(let entries)):
            var pairs: [(String, Element)] = []
            for entry in entries {
                guard let converted = element(entry.value) else { return failure(field, migration) }
                pairs.append((entry.key, converted))
            }
            return Map<String, Element>(
                pairs,
                store: { pairs in
                    guard let write else { return readOnlyFailure() }
                    let dictionary = Dictionary(pairs.map { ($0.0, $0.1 as Any?) }, uniquingKeysWith: { $1 })
                    switch MigrationValueBridge.value(from: dictionary, for: field, in: migration) {
                    case .success(let value): write(value)
                    case .failure(let error): migration.fail(error.description, as: error)
                    }
                })
        default:
            return failure(field, migration)
        }
    }

    /// `value` as `Element`, where a `nil` value is the `nil` of an optional `Element`.
    static func cast<Element>(_ value: Any?, to _: Element.Type) -> Element? {
        if let value { return value as? Element }
        return (Optional<Any>.none as Any) as? Element
    }

    private static func failure(_ field: FieldDescription, _ migration: Migration) -> Any? {
        migration.fail(
            "The stored value of '\(field.name)' is not a \(field.collection.rawValue) of \(field.type.rawValue).")
        return nil
    }
}
