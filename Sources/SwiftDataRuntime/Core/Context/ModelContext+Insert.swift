extension ModelContext {
    /// Registers a model to be inserted into the store at the next ``save()``, with the models its relationships
    /// reach.
    ///
    /// If the model's entity has unique attributes (`@Attribute(.unique)`) or `#Unique` constraints and a stored or
    /// pending model has the same values, the insert updates that model instead of adding a second one ("upsert"):
    /// the inserted object then shares the existing model's storage and identifier, and its values (relationships
    /// included) replace the existing ones.
    public func insert<T: PersistentModel>(_ model: T) {
        insertModel(model)
    }

    func insertModel(_ model: any PersistentModel) {
        let backing = model.persistentBackingData
        switch backing.state {
        case .inserted, .persistent:
            return
        case .deleted:
            // Inserting a model deleted in this context undoes the delete.
            if backing.context === self, deleted.remove(ObjectIdentifier(backing)) != nil {
                backing.state = backing.primaryKey == nil ? .inserted : .persistent
            }
            return
        case .detached:
            break
        }
        let entity = self.entity(of: model)
        if let existing = existingModel(matching: model, entity: entity) {
            merge(model, into: existing, entity: entity)
            return
        }
        backing.state = .inserted
        backing.context = self
        inserted.add(model, entity: entity)
        for (number, constraint) in entity.uniqueConstraints.enumerated() {
            if let values = uniqueValues(backing, constraint) {
                pendingUnique[UniqueKey(entity: entity.name, constraint: number, values: values)] = model
            }
        }
        backing.setUpInversesIfNeeded(model)
        for related in backing.loadedRelatedModels() { adopt(related) }
    }

    /// The values of a unique constraint as stored, or `nil` if one cannot be compared (unset or not a scalar).
    func uniqueValues(_ backing: BackingData, _ constraint: [Int]) -> [SQLValue]? {
        var values: [SQLValue] = []
        guard let entity = backing.entity else { return nil }
        for index in constraint {
            let property = entity.properties[index]
            switch backing.slots[index] {
            case .attribute(let value):
                guard let codec = property.codec, let encoded = try? codec.encode(value) else { return nil }
                values.append(encoded)
            case .toOne(let target):
                guard let key = target?.persistentBackingData.primaryKey ?? (target == nil ? 0 : nil) else {
                    return nil
                }
                values.append(target == nil ? .null : .integer(key))
            case .toOneFault(let key): values.append(key.map { .integer($0) } ?? .null)
            default: return nil
            }
        }
        return values
    }

    private func existingModel(matching model: any PersistentModel, entity: Entity) -> (any PersistentModel)? {
        for (number, constraint) in entity.uniqueConstraints.enumerated() {
            guard let values = uniqueValues(model.persistentBackingData, constraint) else { continue }
            if let pending = pendingUnique[UniqueKey(entity: entity.name, constraint: number, values: values)],
                pending.persistentBackingData.state == .inserted
            {
                return pending
            }
            let store = container.store
            let found: Int64? = try? store.locked {
                let statement = try store.connection.cached(entity.sql.uniqueLookups[number])
                defer { statement.reset() }
                try statement.bind(values)
                return try statement.step() ? statement.int(at: 0) : nil
            }
            if let found, let existing = materialize(entity, primaryKey: found),
                existing.persistentBackingData.state != .deleted
            {
                return existing
            }
        }
        return nil
    }

    /// Upsert: copies `model`'s values into `existing` (updating inverses), then makes `model` share its storage.
    private func merge(_ model: any PersistentModel, into existing: any PersistentModel, entity: Entity) {
        let source = model.persistentBackingData
        let target = existing.persistentBackingData
        // Share first, so inverse lists that already hold the new object count it as the existing model.
        model.persistentBackingData = target
        // Undo the inverses the new object's initializer would have set up: they move to the existing model.
        source.needsInverseSetup = false
        target.setUpInversesIfNeeded(existing)
        for property in entity.properties {
            switch source.slots[property.index] {
            case .attribute(let value):
                target.willChange(property.index, owner: existing)
                target.slots[property.index] = .attribute(value)
            case .toOne(let value):
                target.setToOne(property.index, owner: existing, to: value)
            case .toMany(let values):
                // The new object may already be in inverse lists (set before insert); it is the same model now.
                target.setToMany(property.index, owner: existing, to: values)
            default: break
            }
        }
    }
}
