import MigrationEngine
import SwiftData

/// How one Realm field maps onto a model property: what the Realm file must hold for it, how verification reads
/// it back, and — for relationships — how the relationship pass sets it.
///
/// Generated importers list one per stored Realm field:
/// ```swift
/// .attribute("title", \Track.title, .string),
/// .list("tracks", \Album.tracksEntries, ordered: \Album.tracks),
/// .toMany("genres", \Album.genres),
/// .linkMap("featured", \Album.featured),
/// ```
@available(macOS 14, iOS 17, tvOS 17, watchOS 10, *)
public struct RealmField<Model: RealmImportedModel>: Sendable {
    /// The Realm field name.
    public let name: String
    /// What the Realm file must declare for the field.
    public let expectation: FieldExpectation
    let role: Role

    enum Role: Sendable {
        /// Set by `makeModel`; read back and normalized for verification. With `storesNaNAsNil`, each NaN in the
        /// Realm value is null before either.
        case attribute(
            read: @Sendable (Model) -> MigrationValue,
            normalize: @Sendable (MigrationValue) throws(RealmValueError) -> MigrationValue, storesNaNAsNil: Bool)
        /// Set by the relationship pass from the targets' models.
        case relationship(Relationship<Model>)
    }

    /// A stored value: the property holds the Realm value converted to `Value`.
    /// - Parameters:
    ///   - name: The Realm field.
    ///   - keyPath: The model property.
    ///   - type: The Realm type of the field (of each element for collections).
    ///   - collection: Single value, list, set or dictionary.
    ///   - isOptional: Whether the Realm field (or each element) may be null.
    ///   - embeddedClass: For an embedded object (`type` `.embedded`), its Realm class.
    ///   - storesNaNAsNil: Whether each NaN in the field (a value, an element, inside a mixed value) is written as
    ///     `nil` (`.null`), as SwiftData's SQLite store would keep it; the property (or its elements) must then be
    ///     optional. Generated from a `.realm` file whose field holds NaN (and reported); without it a NaN is
    ///     written as it is, and a store that cannot keep it fails the verification or the fetch.
    public static func attribute<Value: RealmStorable>(
        _ name: String, _ keyPath: KeyPath<Model, Value> & Sendable, _ type: FieldType,
        collection: FieldCollection = .single, isOptional: Bool = false, embeddedClass: String? = nil,
        storesNaNAsNil: Bool = false
    ) -> RealmField {
        RealmField(
            name: name,
            expectation: FieldExpectation(
                type: type, collection: collection, isOptional: isOptional, targetClass: embeddedClass),
            role: .attribute(
                read: { $0[keyPath: keyPath].realmValue },
                normalize: { (value: MigrationValue) throws(RealmValueError) in try Value.normalized(value) },
                storesNaNAsNil: storesNaNAsNil))
    }

    /// A to-one relationship: the Realm link field `name`, set to the target's model.
    public static func toOne<Target: RealmImportedModel>(
        _ name: String, _ keyPath: ReferenceWritableKeyPath<Model, Target?> & Sendable
    ) -> RealmField {
        RealmField(
            name: name,
            expectation: FieldExpectation(
                type: .link, collection: .single, isOptional: true, targetClass: Target.realmClassName),
            role: .relationship(Relationship<Model>(toOne: keyPath)))
    }

    /// A Realm list of links `name`, kept in order with its repeated elements: one entry model per element at
    /// positions `0..<count` in the owner's `entries`. Verification reads the list back through `ordered`, the
    /// generated accessor the app reads it with, and checks the entries' positions.
    public static func list<Entry: RealmListEntry>(
        _ name: String, _ entries: ReferenceWritableKeyPath<Model, [Entry]> & Sendable,
        ordered: KeyPath<Model, [Entry.Target]> & Sendable
    ) -> RealmField {
        list(name, Entry.self, get: { $0[keyPath: entries] }, set: { $0[keyPath: entries] = $1 }, ordered: ordered)
    }

    /// A Realm list of links whose entries a CloudKit model declares optional (`[Entry]?`).
    public static func list<Entry: RealmListEntry>(
        _ name: String, _ entries: ReferenceWritableKeyPath<Model, [Entry]?> & Sendable,
        ordered: KeyPath<Model, [Entry.Target]> & Sendable
    ) -> RealmField {
        list(
            name, Entry.self, get: { $0[keyPath: entries] ?? [] }, set: { $0[keyPath: entries] = $1 },
            ordered: ordered)
    }

    private static func list<Entry: RealmListEntry>(
        _ name: String, _ entry: Entry.Type, get: @escaping @Sendable (Model) -> [Entry],
        set: @escaping @Sendable (Model, [Entry]) -> Void, ordered: KeyPath<Model, [Entry.Target]> & Sendable
    ) -> RealmField {
        RealmField(
            name: name,
            expectation: FieldExpectation(
                type: .link, collection: .list, isOptional: false, targetClass: Entry.Target.realmClassName),
            role: .relationship(Relationship<Model>(list: entry, get: get, set: set, ordered: ordered)))
    }

    /// A to-many relationship: the Realm set (`MutableSet`) of links `name`, set to the targets' models.
    ///
    /// A SwiftData to-many relationship is an unordered set. Bound to a Realm *list*, it keeps neither the order nor
    /// repeated elements: verification then fails for every object whose list holds two or more elements (use
    /// ``list(_:_:ordered:)-swift.type.method`` for lists).
    public static func toMany<Target: RealmImportedModel>(
        _ name: String, _ keyPath: ReferenceWritableKeyPath<Model, [Target]> & Sendable
    ) -> RealmField {
        toMany(name, Target.self, get: { $0[keyPath: keyPath] }, set: { $0[keyPath: keyPath] = $1 })
    }

    /// A to-many relationship a CloudKit model declares optional (`[Target]?`).
    public static func toMany<Target: RealmImportedModel>(
        _ name: String, _ keyPath: ReferenceWritableKeyPath<Model, [Target]?> & Sendable
    ) -> RealmField {
        toMany(name, Target.self, get: { $0[keyPath: keyPath] ?? [] }, set: { $0[keyPath: keyPath] = $1 })
    }

    /// A Realm `Map` of links: the field `name`, set as one entry model per key, in key order.
    public static func linkMap<Entry: RealmLinkMapEntry>(
        _ name: String, _ keyPath: ReferenceWritableKeyPath<Model, [Entry]> & Sendable
    ) -> RealmField {
        linkMap(name, Entry.self, get: { $0[keyPath: keyPath] }, set: { $0[keyPath: keyPath] = $1 })
    }

    /// A Realm `Map` of links a CloudKit model declares optional (`[Entry]?`).
    public static func linkMap<Entry: RealmLinkMapEntry>(
        _ name: String, _ keyPath: ReferenceWritableKeyPath<Model, [Entry]?> & Sendable
    ) -> RealmField {
        linkMap(name, Entry.self, get: { $0[keyPath: keyPath] ?? [] }, set: { $0[keyPath: keyPath] = $1 })
    }

    private static func linkMap<Entry: RealmLinkMapEntry>(
        _ name: String, _ entry: Entry.Type, get: @escaping @Sendable (Model) -> [Entry],
        set: @escaping @Sendable (Model, [Entry]) -> Void
    ) -> RealmField {
        RealmField(
            name: name,
            expectation: FieldExpectation(
                type: .link, collection: .dictionary, isOptional: true, targetClass: Entry.Target.realmClassName),
            role: .relationship(Relationship<Model>(linkMap: entry, get: get, set: set)))
    }

    private static func toMany<Target: RealmImportedModel>(
        _ name: String, _ target: Target.Type, get: @escaping @Sendable (Model) -> [Target],
        set: @escaping @Sendable (Model, [Target]) -> Void
    ) -> RealmField {
        RealmField(
            name: name,
            expectation: FieldExpectation(
                type: .link, collection: .list, isOptional: false, targetClass: Target.realmClassName),
            role: .relationship(Relationship<Model>(toMany: target, get: get, set: set)))
    }
}

/// What a Realm field must be for a model property to hold it.
public struct FieldExpectation: Sendable, Hashable, Codable {
    /// The value type (of each element for collections).
    public var type: FieldType
    /// Single value, list, set or dictionary; for a to-many relationship or a list of entries `.list`, which a Realm
    /// set also satisfies; `.dictionary` for a map of links.
    public var collection: FieldCollection
    /// Whether the field (or each element) may be null.
    public var isOptional: Bool
    /// For links, the target class; for embedded objects, their class.
    public var targetClass: String?
}
