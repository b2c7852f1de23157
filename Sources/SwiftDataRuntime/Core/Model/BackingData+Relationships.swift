// Relationship accessors: faulting by identifier, and inverse maintenance (setting one side updates the other).

extension BackingData {
    // MARK: Initial values

    /// Stores an initial to-one value.
    public func _initialize<R: PersistentModel>(_ index: Int, _ value: R?) {
        slots[index] = .toOne(value)
        dirty.insert(index)
        if value != nil { needsInverseSetup = true }
    }

    /// Stores an initial to-one value (non-optional declaration).
    public func _initialize<R: PersistentModel>(_ index: Int, _ value: R) {
        _initialize(index, Optional(value))
    }

    /// Stores an initial to-many value: a set, so a model listed twice is kept once (see ``RelationshipOrder``).
    public func _initialize<R: PersistentModel>(_ index: Int, _ value: [R]) {
        slots[index] = .toMany(RelationshipOrder.arranged(value, seed: orderSeed))
        dirty.insert(index)
        if !value.isEmpty { needsInverseSetup = true }
    }

    /// Stores an initial optional to-many value (`nil` is stored as empty).
    public func _initialize<R: PersistentModel>(_ index: Int, _ value: [R]?) {
        _initialize(index, value ?? [])
    }

    // MARK: Reading

    /// Reads a to-one relationship, loading the related model from the store if it is faulted.
    public func _get<M: PersistentModel, R: PersistentModel>(_ owner: M, _ index: Int) -> R? {
        setUpInversesIfNeeded(owner)
        return toOne(index, owner: owner) as? R
    }

    /// Reads a non-optional to-one relationship.
    ///
    /// The trap cannot be reached from stored data: a fetch throws for a row whose non-optional link is missing or
    /// leads to no row (the behaviour program's `requiredLinkNullThrowsFromFetch`,
    /// `requiredLinkToAMissingRowThrowsFromFetch`, `fetchAfterAFailedFaultLoadStillThrows`), and loads the linked
    /// model with the row (``ModelContext/register(_:primaryKey:slots:)``,
    /// which also unregisters a row whose link failed to load, so a fault load that swallowed the error leaves no
    /// half-loaded model for a later fetch to return), and an inserted model gets the link from its initializer.
    /// Only the app's own code can empty it, by deleting the linked model (`.nullify`) before reading;
    /// ``ModelContext/save()`` then throws `.missingRelationship`. The getter cannot throw: Apple's property API
    /// has no way to.
    /// And no app can reach it at launch: this runtime is the Linux stand-in for SwiftData that the tests and
    /// `realm rehearse` run on; `Package.swift` builds it only under `#if os(Linux)`, and an app gets Apple's SwiftData.
    public func _get<M: PersistentModel, R: PersistentModel>(_ owner: M, _ index: Int) -> R {
        if let value: R = _get(owner, index) { return value }
        preconditionFailure("SwiftData: \(M.self) property \(index) is a non-optional relationship without a value")
    }

    /// Reads a to-many relationship, loading it if it is faulted. Its order is unspecified (see
    /// ``RelationshipOrder``): not the order it was set in.
    public func _get<M: PersistentModel, R: PersistentModel>(_ owner: M, _ index: Int) -> [R] {
        setUpInversesIfNeeded(owner)
        return toMany(index, owner: owner).compactMap { $0 as? R }
    }

    /// Reads an optional to-many relationship (never `nil` once set).
    public func _get<M: PersistentModel, R: PersistentModel>(_ owner: M, _ index: Int) -> [R]? {
        let value: [R] = _get(owner, index)
        return value
    }

    // MARK: Writing

    /// Writes a to-one relationship and updates its inverse.
    public func _set<M: PersistentModel, R: PersistentModel>(_ owner: M, _ index: Int, _ value: R?) {
        setUpInversesIfNeeded(owner)
        setToOne(index, owner: owner, to: value)
    }

    /// Writes a non-optional to-one relationship.
    public func _set<M: PersistentModel, R: PersistentModel>(_ owner: M, _ index: Int, _ value: R) {
        _set(owner, index, Optional(value))
    }

    /// Writes a to-many relationship, a set (a model listed twice is kept once; the order is not kept), and updates
    /// the inverses of added and removed models.
    public func _set<M: PersistentModel, R: PersistentModel>(_ owner: M, _ index: Int, _ value: [R]) {
        setUpInversesIfNeeded(owner)
        setToMany(index, owner: owner, to: value)
    }

    /// Writes an optional to-many relationship (`nil` empties it).
    public func _set<M: PersistentModel, R: PersistentModel>(_ owner: M, _ index: Int, _ value: [R]?) {
        _set(owner, index, value ?? [])
    }

    // MARK: Untyped machinery

    func toOne(_ index: Int, owner: any PersistentModel) -> (any PersistentModel)? {
        switch slots[index] {
        case .toOne(let model): return model
        case .toOneFault(let key):
            guard let key else {
                slots[index] = .toOne(nil)
                return nil
            }
            guard let context else { return nil }
            if let faultGroup {
                context.loadToOneFaults(of: faultGroup, property: index)
                if case .toOne(let model) = slots[index] { return model }
            }
            guard let target = resolvedEntity(owner).properties[index].targetEntity,
                let model = context.materialize(target, primaryKey: key)
            else { return nil }
            slots[index] = .toOne(model)
            return model
        default: return nil
        }
    }

    func toMany(_ index: Int, owner: any PersistentModel) -> [any PersistentModel] {
        switch slots[index] {
        case .toMany(let models): return models
        case .toManyFault, .toManyAppended:
            var appended: [any PersistentModel] = []
            if case .toManyAppended(let models) = slots[index] { appended = models }
            let entity = resolvedEntity(owner)
            guard let context, let primaryKey, let target = entity.properties[index].targetEntity else {
                return appended
            }
            let models = RelationshipOrder.arranged(
                context.loadToMany(entity: entity, property: index, owner: primaryKey, target: target) + appended,
                seed: orderSeed)
            // Loading is not a change: the snapshot (if any) keeps the fault, which reloads the same rows. Once
            // loaded with appended models, the whole list is written at the next save.
            slots[index] = .toMany(models)
            return models
        default: return []
        }
    }

    func setToOne(_ index: Int, owner: any PersistentModel, to value: (any PersistentModel)?) {
        let old = toOne(index, owner: owner)
        if old?.persistentBackingData === value?.persistentBackingData, case .toOne = slots[index] { return }
        willChange(index, owner: owner)
        slots[index] = .toOne(value)
        let entity = resolvedEntity(owner)
        guard let inverse = entity.inverse(of: index) else { return }
        if let old, old.persistentBackingData !== value?.persistentBackingData {
            old.persistentBackingData.removeInverse(inverse, of: owner, ownerModel: old)
        }
        if let value { value.persistentBackingData.addInverse(inverse, of: owner, ownerModel: value) }
        context?.adopt(value)
    }

    func setToMany(_ index: Int, owner: any PersistentModel, to given: [any PersistentModel]) {
        let old = toMany(index, owner: owner)
        let value = RelationshipOrder.arranged(given, seed: orderSeed)
        willChange(index, owner: owner)
        slots[index] = .toMany(value)
        let entity = resolvedEntity(owner)
        for model in value { context?.adopt(model) }
        guard let inverse = entity.inverse(of: index) else { return }
        let oldSet = Set(old.map { ObjectIdentifier($0.persistentBackingData) })
        let newSet = Set(value.map { ObjectIdentifier($0.persistentBackingData) })
        for model in old where !newSet.contains(ObjectIdentifier(model.persistentBackingData)) {
            model.persistentBackingData.removeInverse(inverse, of: owner, ownerModel: model)
        }
        for model in value where !oldSet.contains(ObjectIdentifier(model.persistentBackingData)) {
            model.persistentBackingData.addInverse(inverse, of: owner, ownerModel: model)
        }
    }

    /// The inverse side of a change: `other` now relates to this model through property `index`.
    func addInverse(_ index: Int, of other: any PersistentModel, ownerModel: any PersistentModel) {
        guard let property = resolvedEntity(ownerModel).properties[safe: index] else { return }
        if property.isToMany {
            // A stored list that is not loaded: record the append instead of loading it (the inverse invariant says
            // `other` is not in it yet).
            if primaryKey != nil && state == .persistent {
                switch slots[index] {
                case .toManyFault:
                    willChange(index, owner: ownerModel)
                    slots[index] = .toManyAppended([other])
                    return
                case .toManyAppended(let models):
                    if models.contains(where: { $0.persistentBackingData === other.persistentBackingData }) { return }
                    willChange(index, owner: ownerModel)
                    slots[index] = .toManyAppended(models + [other])
                    return
                default: break
                }
            }
            var list = toMany(index, owner: ownerModel)
            if list.contains(where: { $0.persistentBackingData === other.persistentBackingData }) { return }
            willChange(index, owner: ownerModel)
            list.insert(other, at: RelationshipOrder.insertionIndex(of: other, in: list, seed: orderSeed))
            slots[index] = .toMany(list)
        } else {
            // A to-one inverse takes the new value: the model it pointed at loses this one.
            let old = toOne(index, owner: ownerModel)
            if old?.persistentBackingData === other.persistentBackingData { return }
            willChange(index, owner: ownerModel)
            slots[index] = .toOne(other)
            if let old, let back = resolvedEntity(ownerModel).inverse(of: index) {
                old.persistentBackingData.removeInverse(back, of: ownerModel, ownerModel: old)
            }
        }
    }

    /// The inverse side of a change: `other` no longer relates to this model through property `index`.
    func removeInverse(_ index: Int, of other: any PersistentModel, ownerModel: any PersistentModel) {
        guard let property = resolvedEntity(ownerModel).properties[safe: index] else { return }
        if property.isToMany {
            let list = toMany(index, owner: ownerModel)
            guard list.contains(where: { $0.persistentBackingData === other.persistentBackingData }) else { return }
            willChange(index, owner: ownerModel)
            slots[index] = .toMany(list.filter { $0.persistentBackingData !== other.persistentBackingData })
        } else {
            guard toOne(index, owner: ownerModel)?.persistentBackingData === other.persistentBackingData else { return }
            willChange(index, owner: ownerModel)
            slots[index] = .toOne(nil)
        }
    }

    /// Applies the inverses of relationships an initializer set (it cannot reach `self` there).
    func setUpInversesIfNeeded(_ owner: any PersistentModel) {
        guard needsInverseSetup else { return }
        needsInverseSetup = false
        let entity = resolvedEntity(owner)
        for property in entity.properties where property.isRelationship {
            guard let inverse = entity.inverse(of: property.index) else { continue }
            switch slots[property.index] {
            case .toOne(let model?): model.persistentBackingData.addInverse(inverse, of: owner, ownerModel: model)
            case .toMany(let models):
                for model in models { model.persistentBackingData.addInverse(inverse, of: owner, ownerModel: model) }
            default: break
            }
        }
    }

    /// The related models currently loaded in relationship slots (faults are not loaded).
    func loadedRelatedModels() -> [any PersistentModel] {
        var result: [any PersistentModel] = []
        for slot in slots {
            switch slot {
            case .toOne(let model?): result.append(model)
            case .toMany(let models), .toManyAppended(let models): result.append(contentsOf: models)
            default: break
            }
        }
        return result
    }
}

extension Array {
    subscript(safe index: Int) -> Element? { indices.contains(index) ? self[index] : nil }
}
