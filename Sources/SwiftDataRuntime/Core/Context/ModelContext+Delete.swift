extension ModelContext {
    /// Removes the model from the store at the next ``save()``, applying the delete rules of its relationships:
    /// `.nullify` removes it from the related models' inverses, `.cascade` deletes the related models, `.deny` makes
    /// the save throw while related models remain, `.noAction` leaves them.
    public func delete<T: PersistentModel>(_ model: T) {
        deleteModel(model)
    }

    func deleteModel(_ model: any PersistentModel) {
        let backing = model.persistentBackingData
        let key = ObjectIdentifier(backing)
        switch backing.state {
        case .deleted, .detached: return
        case .inserted:
            guard backing.context === self else { return }
            inserted.remove(key)
            pendingUnique = pendingUnique.filter { $0.value.persistentBackingData !== backing }
            applyDeleteRules(model)
            backing.state = .detached
            backing.context = nil
        case .persistent:
            guard backing.context === self else { return }
            if backing.snapshot == nil { backing.snapshot = backing.slots }
            backing.state = .deleted
            deleted.add(model, entity: entity(of: model))
            changed.remove(key)
            applyDeleteRules(model)
        }
    }

    private func applyDeleteRules(_ model: any PersistentModel) {
        let backing = model.persistentBackingData
        let entity = self.entity(of: model)
        for property in entity.properties where property.isRelationship {
            let related: [any PersistentModel] =
                property.isToMany
                ? backing.toMany(property.index, owner: model)
                : backing.toOne(property.index, owner: model).map { [$0] } ?? []
            switch property.deleteRule {
            case .nullify:
                guard let inverse = entity.inverse(of: property.index) else { continue }
                for target in related {
                    target.persistentBackingData.removeInverse(inverse, of: model, ownerModel: target)
                }
            case .cascade:
                for target in related { deleteModel(target) }
            case .deny, .noAction:
                continue
            }
        }
    }

    /// The deleted models whose `.deny` relationships still hold models that are not deleted too.
    func deniedDeletes() -> [(any PersistentModel, String)] {
        var denied: [(any PersistentModel, String)] = []
        for model in deleted.values {
            let entity = self.entity(of: model)
            for property in entity.properties where property.isRelationship && property.deleteRule == .deny {
                let backing = model.persistentBackingData
                let related: [any PersistentModel] =
                    property.isToMany
                    ? backing.toMany(property.index, owner: model)
                    : backing.toOne(property.index, owner: model).map { [$0] } ?? []
                if related.contains(where: { $0.persistentBackingData.state != .deleted }) {
                    denied.append((model, "\(entity.name).\(property.name)"))
                }
            }
        }
        return denied
    }
}
