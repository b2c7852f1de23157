import MigrationEngine
import SwiftData

/// A relationship property, its model and target types erased: sets it from a Realm link value and reads it back.
@available(macOS 14, iOS 17, tvOS 17, watchOS 10, *)
struct Relationship<Model: RealmImportedModel>: Sendable {
    /// The Realm class of the targets.
    let targetClass: String
    /// Sets the property of a model from the Realm value of the field, finding the targets in `targets`.
    let apply: @Sendable (Model, MigrationValue, LinkTargets) throws(RealmImportError) -> Void
    /// The property's value as Realm links (`.null` or one `.link`, a `.list` of them, or a `.dictionary` by key).
    let read: @Sendable (Model) -> MigrationValue

    init<Target: RealmImportedModel>(toOne keyPath: ReferenceWritableKeyPath<Model, Target?> & Sendable) {
        targetClass = Target.realmClassName
        apply = { (model, value, targets) throws(RealmImportError) in
            switch value {
            case .null: model[keyPath: keyPath] = nil
            case .link(let reference): model[keyPath: keyPath] = try targets.model(Target.self, reference.key)
            default: throw targets.notALink(value)
            }
        }
        read = { model in model[keyPath: keyPath].map(Self.link) ?? .null }
    }

    init<Target: RealmImportedModel>(
        toMany: Target.Type, get: @escaping @Sendable (Model) -> [Target],
        set: @escaping @Sendable (Model, [Target]) -> Void
    ) {
        targetClass = Target.realmClassName
        apply = { (model, value, targets) throws(RealmImportError) in
            guard case .list(let items) = value.asRelationship else { throw targets.notALink(value) }
            var related: [Target] = []
            related.reserveCapacity(items.count)
            for item in items {
                guard case .link(let reference) = item else { throw targets.notALink(item) }
                related.append(try targets.model(Target.self, reference.key))
            }
            set(model, related)
        }
        read = { model in .list(get(model).map(Self.link)) }
    }

    init<Entry: RealmLinkMapEntry>(
        linkMap: Entry.Type, get: @escaping @Sendable (Model) -> [Entry],
        set: @escaping @Sendable (Model, [Entry]) -> Void
    ) {
        targetClass = Entry.Target.realmClassName
        apply = { (model, value, targets) throws(RealmImportError) in
            guard case .dictionary(let items) = value else { throw targets.notALink(value) }
            var entries: [Entry] = []
            entries.reserveCapacity(items.count)
            for item in items {
                let target: Entry.Target?
                switch item.value {
                case .null: target = nil
                case .link(let reference): target = try targets.model(Entry.Target.self, reference.key)
                default: throw targets.notALink(item.value)
                }
                let entry = Entry(key: item.key, value: target)
                model.modelContext?.insert(entry)
                entries.append(entry)
            }
            set(model, entries)
        }
        read = { model in
            .dictionary(
                get(model).sorted { $0.key < $1.key }.map {
                    MigrationDictionaryEntry(key: $0.key, value: $0.value.map(Self.link) ?? .null)
                })
        }
    }

    private static func link(_ target: some RealmImportedModel) -> MigrationValue {
        .link(ObjectReference(className: type(of: target).realmClassName, key: target.realmObjectKey))
    }
}

extension MigrationValue {
    /// A link value as the relationship reads it back: a set as a list in its storage order (what a model's array
    /// holds), a map's entries by key (the entry models have no order); other values unchanged.
    var asRelationship: MigrationValue {
        switch self {
        case .set(let items): .list(items)
        case .dictionary(let entries): .dictionary(entries.sorted { $0.key < $1.key })
        default: self
        }
    }

    /// The keys of the links in a link value (one link, or a list, set or map of links), in order.
    var linkKeys: [Int64] {
        switch self {
        case .link(let reference): [reference.key]
        case .list(let items), .set(let items): items.flatMap(\.linkKeys)
        case .dictionary(let entries): entries.flatMap(\.value.linkKeys)
        default: []
        }
    }
}

/// The models a batch's links point at, by Realm class and object key; errors name the field being set.
@available(macOS 14, iOS 17, tvOS 17, watchOS 10, *)
struct LinkTargets {
    var models: [String: [Int64: any PersistentModel]]
    var className = ""
    var key: Int64 = 0
    var field = ""

    func model<Target: RealmImportedModel>(_ type: Target.Type, _ targetKey: Int64) throws(RealmImportError) -> Target {
        guard let model = models[Target.realmClassName]?[targetKey] as? Target else {
            throw RealmImportError.unresolvedLink(
                className: className, key: key, field: field, target: Target.realmClassName, targetKey: targetKey)
        }
        return model
    }

    func notALink(_ value: MigrationValue) -> RealmImportError {
        .notALink(className: className, key: key, field: field, found: value.shortDescription)
    }
}
