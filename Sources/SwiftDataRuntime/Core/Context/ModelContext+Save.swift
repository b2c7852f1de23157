extension ModelContext {
    /// Writes the unsaved inserts, changes and deletes to the store in one SQLite transaction: after it returns
    /// they are durable; if it throws, the store is unchanged and the context keeps its pending changes.
    ///
    /// - Throws: ``SwiftDataError``: `.deleteDenied` when a deleted model's `.deny` relationship still holds
    ///   models, `.saveNotAllowed` when the configuration forbids saving, `.storeFailure` when SQLite fails (a
    ///   unique constraint violated by values changed after insert, I/O).
    public func save() throws {
        guard hasChanges else { return }
        guard container.allowsSave else {
            throw SwiftDataError(kind: .saveNotAllowed, message: "the model configuration does not allow saving")
        }
        if let (_, name) = deniedDeletes().first {
            throw SwiftDataError(
                kind: .deleteDenied, message: "\(name) has the .deny delete rule and still holds models")
        }
        if let name = emptiedRequiredRelationships().first {
            throw SwiftDataError(
                kind: .missingRelationship, message: "\(name) is non-optional but its related model was deleted")
        }
        // Related models that were never inserted are inserted now (Apple inserts the graph reachable from a
        // registered model).
        for model in changed.values + inserted.values {
            for related in model.persistentBackingData.loadedRelatedModels() { adopt(related) }
        }
        let store = container.store
        let insertedModels = insertedModelsArray
        try store.locked {
            try store.connection.execute("BEGIN IMMEDIATE")
            do {
                try assignKeys(insertedModels, store: store)
                for model in insertedModels { try write(model, store: store, isNew: true) }
                for model in changed.values where model.persistentBackingData.state == .persistent {
                    try write(model, store: store, isNew: false)
                }
                for model in deleted.values { try remove(model, store: store) }
                SaveCrashPoint.reached()
                try store.connection.execute("COMMIT")
            } catch {
                try? store.connection.execute("ROLLBACK")
                for model in insertedModels { model.persistentBackingData.primaryKey = nil }
                throw error
            }
        }
        finishSave(insertedModels)
    }

    /// Non-optional to-one relationships of models to be saved that hold no model (their target was deleted).
    private func emptiedRequiredRelationships() -> [String] {
        var names: [String] = []
        for model in inserted.values + changed.values where model.persistentBackingData.state != .deleted {
            let entity = self.entity(of: model)
            for property in entity.properties where property.isRequired {
                if case .toOne(nil) = model.persistentBackingData.slots[property.index] {
                    names.append("\(entity.name).\(property.name)")
                }
            }
        }
        return names
    }

    private func assignKeys(_ models: [any PersistentModel], store: Store) throws {
        var byEntity: [ObjectIdentifier: (Entity, [any PersistentModel])] = [:]
        for model in models {
            let entity = self.entity(of: model)
            byEntity[ObjectIdentifier(entity), default: (entity, [])].1.append(model)
        }
        for (entity, group) in byEntity.values {
            var next = try store.reserveKeys(entity, count: group.count)
            for model in group {
                model.persistentBackingData.primaryKey = next
                next += 1
            }
        }
    }

    private func write(_ model: any PersistentModel, store: Store, isNew: Bool) throws {
        let backing = model.persistentBackingData
        let entity = self.entity(of: model)
        guard let key = backing.primaryKey else { return }
        let stored = Store.storedProperties(entity).filter { isNew || backing.dirty.contains($0.index) }
        var values: [SQLValue] = []
        for property in stored {
            switch backing.slots[property.index] {
            case .attribute(let value):
                guard let codec = property.codec else { continue }
                do { values.append(try codec.encode(value)) } catch let error as SwiftDataError {
                    throw error.at("\(entity.name).\(property.name)")
                }
            case .toOne(let target):
                values.append(target?.persistentBackingData.primaryKey.map { .integer($0) } ?? .null)
            case .toOneFault(let target): values.append(target.map { .integer($0) } ?? .null)
            default: values.append(.null)
            }
        }
        let table = Store.table(entity)
        if isNew {
            let statement = try store.connection.cached(entity.sql.insert)
            try statement.bind([.integer(key)] + values)
            try statement.run()
        } else if !stored.isEmpty {
            let assignments = stored.map { "\(Store.quote($0.name)) = ?" }.joined(separator: ", ")
            let statement = try store.connection.cached("UPDATE \(table) SET \(assignments) WHERE pk = ?")
            try statement.bind(values + [.integer(key)])
            try statement.run()
        }
        // A one-to-many is written with its targets' foreign keys; only join tables are written here.
        for property in entity.properties where isNew || backing.dirty.contains(property.index) {
            guard let join = entity.toMany(property.index)?.joinTable else { continue }
            if case .toManyAppended(let appended) = backing.slots[property.index] {
                try insertLinks(appended, into: join, owner: key, store: store)
                continue
            }
            guard case .toMany(let targets) = backing.slots[property.index] else { continue }
            if !isNew {
                let clear = try store.connection.cached("DELETE FROM \(join) WHERE owner = ?")
                try clear.bind([.integer(key)])
                try clear.run()
            }
            try insertLinks(targets, into: join, owner: key, store: store)
        }
    }

    /// Adds join rows (a set: a row already there is kept once).
    private func insertLinks(_ targets: [any PersistentModel], into join: String, owner: Int64, store: Store) throws {
        let add = try store.connection.cached("INSERT OR IGNORE INTO \(join)(owner, target) VALUES (?, ?)")
        for target in targets {
            guard let targetKey = target.persistentBackingData.primaryKey,
                target.persistentBackingData.state != .deleted
            else { continue }
            add.reset()
            try add.bind([.integer(owner), .integer(targetKey)])
            try add.run()
        }
    }

    /// Deletes a model's row and every reference to it (join rows and foreign keys of any entity).
    private func remove(_ model: any PersistentModel, store: Store) throws {
        let entity = self.entity(of: model)
        guard let key = model.persistentBackingData.primaryKey else { return }
        var statements = ["DELETE FROM \(Store.table(entity)) WHERE pk = ?"]
        for property in entity.properties {
            guard let join = entity.toMany(property.index)?.joinTable else { continue }
            statements.append("DELETE FROM \(join) WHERE owner = ?")
        }
        for other in container.schema.entities {
            for property in other.properties where property.targetType == entity.modelType {
                if property.isToMany {
                    guard let join = other.toMany(property.index)?.joinTable else { continue }
                    statements.append("DELETE FROM \(join) WHERE target = ?")
                } else {
                    statements.append(
                        "UPDATE \(Store.table(other)) SET \(Store.quote(property.name)) = NULL WHERE \(Store.quote(property.name)) = ?"
                    )
                }
            }
        }
        for sql in statements {
            let statement = try store.connection.cached(sql)
            try statement.bind([.integer(key)])
            try statement.run()
        }
    }

    private func finishSave(_ insertedModels: [any PersistentModel]) {
        for model in insertedModels {
            let backing = model.persistentBackingData
            backing.state = .persistent
            backing.storeIdentifier = container.store.identifier
            if let key = backing.primaryKey, let entity = backing.entity {
                registered[RegistryKey(entity: entity, primaryKey: key)] = model
            }
        }
        for model in insertedModels + changed.values {
            model.persistentBackingData.dirty = []
            model.persistentBackingData.snapshot = nil
        }
        for model in deleted.values {
            let backing = model.persistentBackingData
            if let key = backing.primaryKey, let entity = backing.entity {
                registered.removeValue(forKey: RegistryKey(entity: entity, primaryKey: key))
            }
            backing.snapshot = nil
            backing.dirty = []
            backing.context = nil
        }
        inserted.removeAll()
        changed.removeAll()
        deleted.removeAll()
        pendingUnique = [:]
    }

    /// Discards the unsaved inserts, changes and deletes: changed and deleted models get back their saved values,
    /// inserted models leave the context.
    public func rollback() {
        for model in changed.values + deleted.values {
            let backing = model.persistentBackingData
            if let snapshot = backing.snapshot { backing.slots = snapshot }
            backing.snapshot = nil
            backing.dirty = []
            backing.state = .persistent
        }
        for model in insertedModelsArray {
            let backing = model.persistentBackingData
            backing.state = .detached
            backing.context = nil
        }
        inserted.removeAll()
        changed.removeAll()
        deleted.removeAll()
        pendingUnique = [:]
    }
}
