import RealmSchema

/// The relationships of the generated models: which side declares `inverse:`, the inverse properties added where
/// Realm had none, the entry models that keep Realm lists in order, and the shape of each `LinkingObjects` property.
struct RelationshipPlan {
    /// A Realm list of links and what holds it. SwiftData keeps a to-many relationship as an unordered set, so the
    /// list is a to-many relationship from its owner to generated entry models, each holding its position and its
    /// target; the target has the inverse (the entries that hold it), deleted with it as Realm removes a deleted
    /// object from every list.
    struct ListPlan {
        /// The Realm class and property of the list (the property is also the name of the ordered accessor).
        var ownerClass: String
        var property: String
        var targetClass: String
        /// The generated entry model (`AlbumTracksEntry`).
        var entryType: String
        /// The owner's relationship to its entries (`tracksEntries`).
        var entriesProperty: String
        /// The target's relationship to the entries that hold it (`albumTracksEntries`).
        var targetInverse: String
        /// The `#if` clauses the list exists under: its class's, then its own.
        var condition: SourceCondition?
    }

    /// An inverse property the generator adds to a model (Realm declared no `LinkingObjects` for that link).
    struct AddedInverse {
        var name: String
        /// The Realm class and property of the forward link.
        var sourceClass: String
        var sourceProperty: String
        var isToMany: Bool
        /// The `#if` clauses the forward link exists under: its class's, then its own.
        var condition: SourceCondition?
    }

    /// `RealmClass.property` of a forward link → the inverse key path (`\Track.album`).
    private(set) var inverseKeyPaths: [String: String] = [:]
    /// Realm class name → the inverse properties added to it.
    private(set) var addedInverses: [String: [AddedInverse]] = [:]
    /// `RealmClass.property` of a `LinkingObjects` property → whether it becomes to-many; absent when it is dropped
    /// or computed from a list's entries.
    private(set) var linkingObjectsToMany: [String: Bool] = [:]
    /// `RealmClass.property` of a list of links → its plan.
    private(set) var lists: [String: ListPlan] = [:]
    /// Realm class → the plans of the lists whose entries link to it, in the schema's order.
    private var listsByTarget: [String: [ListPlan]] = [:]
    /// `RealmClass.property` of a `LinkingObjects` property whose origin is a list → the list's key: it is computed
    /// from the entries that hold the object (an origin listing it twice counts twice, as in Realm).
    private(set) var linkingObjectsOfLists: [String: String] = [:]
    /// Realm class → names generated members take on it (added inverses, entries), beside its properties.
    private var generatedMembers: [String: Set<String>] = [:]

    init(schema: ModelSchema, options: CodegenOptions, naming: Naming, report: inout ConversionReport) {
        let models = schema.objectTypes.filter { $0.kind != .embedded }
        let isModel = Set(models.map(\.name))
        for object in models {
            for property in object.properties where property.type == .linkingObjects {
                let key = "\(object.name).\(property.name)"
                guard let originClass = property.objectClassName, let originName = property.linkOriginPropertyName,
                    let origin = schema[className: originClass], origin.kind != .embedded,
                    let forward = origin[property: originName], forward.type == .object,
                    forward.objectClassName == object.name, forward.collection != .dictionary
                else {
                    report.human(
                        .unsupported, key,
                        "LinkingObjects origin '\(property.objectClassName ?? "?").\(property.linkOriginPropertyName ?? "?")' "
                            + "is not a link to \(object.name) between models; the property is not generated",
                        property.sourceLocation)
                    continue
                }
                let forwardKey = "\(originClass).\(originName)"
                let inverseCondition = object.condition.adding(property.condition)
                if forward.collection == .list {
                    guard inverseCondition?.isImplied(by: origin.condition.adding(forward.condition)) ?? true else {
                        report.human(
                            .unsupported, key,
                            "LinkingObjects under '#if \(inverseCondition?.description ?? "")', which '\(forwardKey)' "
                                + "does not imply: it cannot read the list's entries, so it is not generated",
                            property.sourceLocation)
                        continue
                    }
                    linkingObjectsOfLists[key] = forwardKey
                    continue
                }
                guard inverseCondition?.isImplied(by: origin.condition.adding(forward.condition)) ?? true else {
                    report.human(
                        .unsupported, key,
                        "LinkingObjects under '#if \(inverseCondition?.description ?? "")', which '\(forwardKey)' "
                            + "does not imply: the forward link cannot name it as its inverse, so it is not generated",
                        property.sourceLocation)
                    continue
                }
                guard inverseKeyPaths[forwardKey] == nil else {
                    report.human(
                        .unsupported, key,
                        "a second LinkingObjects for '\(forwardKey)'; SwiftData allows one inverse, this one is not generated",
                        property.sourceLocation)
                    continue
                }
                let toMany: Bool
                if forward.collection == .single {
                    toMany = true
                } else if let fromData = Self.listIsToMany(
                    forwardKey, usage: options.listUsage, at: property.sourceLocation, report: &report)
                {
                    toMany = fromData
                } else {
                    toMany = true
                    report.human(
                        .ambiguousCardinality, key,
                        "kept to-many ([\(naming.type(originClass))]) like LinkingObjects; if every "
                            + "\(naming.type(object.name)) is in at most one \(naming.type(originClass)).\(originName), "
                            + "'\(naming.type(originClass))?' is simpler (convert from a .realm file to decide from data)",
                        property.sourceLocation)
                }
                linkingObjectsToMany[key] = toMany
                inverseKeyPaths[forwardKey] = "\\\(naming.type(object.name)).\(property.name)"
            }
        }
        for object in models {
            for property in object.properties where property.type == .object {
                guard let target = property.objectClassName, isModel.contains(target) else { continue }
                let key = "\(object.name).\(property.name)"
                guard property.collection != .dictionary, inverseKeyPaths[key] == nil else { continue }
                if property.collection == .list {
                    planList(property, of: object, target: target, schema: schema, naming: naming)
                    continue
                }
                guard property.collection != .single || options.cloudKit else { continue }
                let toMany: Bool
                if property.collection == .single {
                    toMany = true
                } else if let fromData = Self.listIsToMany(
                    key, usage: options.listUsage, at: property.sourceLocation, report: &report)
                {
                    toMany = fromData
                } else {
                    toMany = false
                    report.human(
                        .ambiguousCardinality, key,
                        "assumed one-to-many: each \(naming.type(target)) in at most one "
                            + "\(naming.type(object.name)).\(property.name), so the added inverse is "
                            + "'\(naming.type(object.name))?'; if elements are shared, make it "
                            + "'[\(naming.type(object.name))]' (convert from a .realm file to decide from data)",
                        property.sourceLocation)
                }
                let name = inverseName(
                    for: object.name, property: property.name, toMany: toMany, on: target, schema: schema,
                    naming: naming)
                generatedMembers[target, default: []].insert(name)
                addedInverses[target, default: []].append(
                    AddedInverse(
                        name: name, sourceClass: object.name, sourceProperty: property.name, isToMany: toMany,
                        condition: object.condition.adding(property.condition)))
                inverseKeyPaths[key] = "\\\(naming.type(target)).\(name)"
            }
        }
    }

    /// Plans the entries of the list `property` of `object`: the owner's entries relationship and the target's
    /// inverse, named clear of every member of either class and of every generated type.
    private mutating func planList(
        _ property: ModelProperty, of object: ModelClass, target: String, schema: ModelSchema, naming: Naming
    ) {
        let key = "\(object.name).\(property.name)"
        let entriesProperty = freeName(property.name + "Entries", on: object.name, schema: schema, naming: naming)
        generatedMembers[object.name, default: []].insert(entriesProperty)
        let targetInverse = freeName(
            naming.type(object.name).lowercasingFirst + property.name.uppercasingFirst + "Entries", on: target,
            schema: schema, naming: naming)
        generatedMembers[target, default: []].insert(targetInverse)
        let list = ListPlan(
            ownerClass: object.name, property: property.name, targetClass: target,
            entryType: naming.listEntries[key] ?? property.name.uppercasingFirst + "Entry",
            entriesProperty: entriesProperty, targetInverse: targetInverse,
            condition: object.condition.adding(property.condition))
        lists[key] = list
        listsByTarget[target, default: []].append(list)
    }

    /// The plans of the lists whose entries link to `realmClass`, in the schema's order.
    func lists(targeting realmClass: String) -> [ListPlan] { listsByTarget[realmClass] ?? [] }

    /// `base`, or `base2`, `base3`… : the first that no property or generated member of `className` and no
    /// generated type takes.
    private func freeName(_ base: String, on className: String, schema: ModelSchema, naming: Naming) -> String {
        let typeNames = schema.objectTypes.map { naming.type($0.name) } + (schema.enumTypes?.map(\.name) ?? [])
        let taken = Set(
            (schema[className: className]?.properties.map(\.name) ?? []) + [PropertyNaming.realmObjectKey]
                + typeNames
        ).union(generatedMembers[className] ?? [])
        var candidate = base
        var counter = 2
        while taken.contains(candidate) {
            candidate = base + "\(counter)"
            counter += 1
        }
        return candidate
    }

    /// Whether the list `key` is to-many as the stored data shows (and reports that), or `nil` when no data decided it.
    private static func listIsToMany(
        _ key: String, usage: [String: CodegenOptions.ListUsage], at location: SourceLocation?,
        report: inout ConversionReport
    ) -> Bool? {
        switch usage[key] {
        case .oneToMany:
            report.construct(key, "List of objects", "one-to-many (from the data)", location)
            return false
        case .manyToMany:
            report.construct(key, "List of objects", "many-to-many (from the data)", location)
            return true
        case nil:
            return nil
        }
    }

    /// A property name for an added inverse that collides with nothing on `target`, nor with a generated type's
    /// name (a member named like a type hides the type inside the class, so `\Dog.Dog` would not compile).
    private func inverseName(
        for sourceClass: String, property: String, toMany: Bool, on target: String, schema: ModelSchema, naming: Naming
    ) -> String {
        let base = naming.type(sourceClass).lowercasingFirst
        // `album` → `albums`; a name already ending in "s" (`allTypes`) is used as is.
        let plain = toMany && !base.hasSuffix("s") ? base + "s" : base
        let typeNames = schema.objectTypes.map { naming.type($0.name) } + (schema.enumTypes?.map(\.name) ?? [])
        let taken = Set(
            (schema[className: target]?.properties.map(\.name) ?? []) + [PropertyNaming.realmObjectKey] + typeNames
        ).union(generatedMembers[target] ?? [])
        var candidate = plain
        if taken.contains(candidate) { candidate = plain + "For" + property.uppercasingFirst }
        var counter = 2
        while taken.contains(candidate) {
            candidate = plain + "For" + property.uppercasingFirst + String(counter)
            counter += 1
        }
        return candidate
    }
}
