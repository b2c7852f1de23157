import MigrationEngine
import SwiftData

/// A relationship property, its model and target types erased: sets it from a Realm link value and reads it back.
@available(macOS 14, iOS 17, tvOS 17, watchOS 10, *)
struct Relationship<Model: RealmImportedModel>: Sendable {
    /// The Realm class of the targets.
    let targetClass: String
    /// Sets the property of a model from the Realm value of the field, finding the targets in `targets`.
    let apply: @Sendable (Model, MigrationValue, LinkTargets) throws(RealmImportError) -> Void
    /// The property's value as Realm links (`.null` or one `.link`, a `.list` of them in order, a `.set` of them
    /// by key, or a `.dictionary` by key), each target's key taken from the keys verification read back.
    let read: @Sendable (Model, VerifiedKeys) -> MigrationValue
    /// The Realm value of the field as the property can hold it, for verification.
    let normalize: @Sendable (MigrationValue) -> MigrationValue
    /// The models setting one link brings into the context: its target, and for a list the entry too.
    var modelsPerLink = 1

    init<Target: RealmImportedModel>(toOne keyPath: ReferenceWritableKeyPath<Model, Target?> & Sendable) {
        targetClass = Target.realmClassName
        apply = { (model, value, targets) throws(RealmImportError) in
            switch value {
            case .null: model[keyPath: keyPath] = nil
            case .link(let reference): model[keyPath: keyPath] = try targets.model(Target.self, reference.key)
            default: throw targets.notALink(value)
            }
        }
        read = { model, keys in model[keyPath: keyPath].map { Self.link($0, keys) } ?? .null }
        normalize = { $0 }
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
        read = { model, keys in .set(Self.byKey(get(model).map { Self.link($0, keys) })) }
        normalize = Self.asSet
    }

    init<Entry: RealmListEntry>(
        list: Entry.Type, get: @escaping @Sendable (Model) -> [Entry],
        set: @escaping @Sendable (Model, [Entry]) -> Void,
        ordered: KeyPath<Model, [Entry.Target]> & Sendable
    ) {
        targetClass = Entry.Target.realmClassName
        apply = { (model, value, targets) throws(RealmImportError) in
            guard case .list(let items) = value.asRelationship else { throw targets.notALink(value) }
            var entries: [Entry] = []
            entries.reserveCapacity(items.count)
            for (position, item) in items.enumerated() {
                guard case .link(let reference) = item else { throw targets.notALink(item) }
                let entry = Entry(position: position, target: try targets.model(Entry.Target.self, reference.key))
                model.modelContext?.insert(entry)
                entries.append(entry)
            }
            set(model, entries)
        }
        read = { model, keys in
            let entries = get(model)
            // Positions 0..<count, each once, checked in one pass (the accessor sorts them itself).
            var seen = [Bool](repeating: false, count: entries.count)
            for entry in entries {
                guard seen.indices.contains(entry.position), !seen[entry.position] else {
                    let positions = entries.map(\.position).sorted()
                    return .string("list entries at positions \(positions), not 0 to \(entries.count - 1)")
                }
                seen[entry.position] = true
            }
            return .list(model[keyPath: ordered].map { Self.link($0, keys) })
        }
        normalize = { $0.asRelationship }
        modelsPerLink = 2
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
        read = { model, keys in
            .dictionary(
                get(model).sorted { $0.key < $1.key }.map {
                    MigrationDictionaryEntry(key: $0.key, value: $0.value.map { Self.link($0, keys) } ?? .null)
                })
        }
        normalize = { $0.asRelationship }
        modelsPerLink = 2
    }

    /// Links ordered by class and key: how a set of links compares, whatever order either side holds it in.
    private static func byKey(_ links: [MigrationValue]) -> [MigrationValue] {
        links.sorted { left, right in
            guard case .link(let a) = left, case .link(let b) = right else { return false }
            return (a.className, a.key) < (b.className, b.key)
        }
    }

    /// A Realm set of links as a to-many relationship holds it: a set, by key. A Realm list is kept as a list unless
    /// it has fewer than two elements, so a list whose order or repeats a set cannot hold fails verification.
    private static func asSet(_ value: MigrationValue) -> MigrationValue {
        switch value {
        case .set(let items): .set(byKey(items))
        case .list(let items) where items.count < 2: .set(items)
        default: value
        }
    }

    private static func link(_ target: some RealmImportedModel, _ keys: VerifiedKeys) -> MigrationValue {
        .link(ObjectReference(className: type(of: target).realmClassName, key: keys.key(of: target)))
    }
}

extension MigrationValue {
    /// A link value as a list of entries or a map of links holds it: a set as a list in its storage order, a map's
    /// entries by key (the entry models have no order); other values unchanged.
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
