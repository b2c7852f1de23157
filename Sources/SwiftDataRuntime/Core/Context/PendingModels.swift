/// A context's pending inserts, changes or deletes: in the order they happened, and by entity, so a fetch asks
/// "anything pending for Track?" without walking every pending model.
struct PendingModels {
    private var models: [ObjectIdentifier: any PersistentModel] = [:]
    private var order: [ObjectIdentifier] = []
    private var byEntity: [ObjectIdentifier: [ObjectIdentifier]] = [:]

    var isEmpty: Bool { models.isEmpty }
    var count: Int { models.count }

    /// The models in the order they were added.
    var values: [any PersistentModel] { order.compactMap { models[$0] } }

    func contains(_ key: ObjectIdentifier) -> Bool { models[key] != nil }

    func contains(entity: Entity) -> Bool { !(byEntity[ObjectIdentifier(entity)]?.isEmpty ?? true) }

    /// The models of one entity, in the order they were added.
    func values(of entity: Entity) -> [any PersistentModel] {
        (byEntity[ObjectIdentifier(entity)] ?? []).compactMap { models[$0] }
    }

    mutating func add(_ model: any PersistentModel, entity: Entity) {
        let key = ObjectIdentifier(model.persistentBackingData)
        guard models.updateValue(model, forKey: key) == nil else { return }
        order.append(key)
        byEntity[ObjectIdentifier(entity), default: []].append(key)
    }

    @discardableResult
    mutating func remove(_ key: ObjectIdentifier) -> (any PersistentModel)? {
        guard let model = models.removeValue(forKey: key) else { return nil }
        order.removeAll { $0 == key }
        if let entity = model.persistentBackingData.entity {
            byEntity[ObjectIdentifier(entity)]?.removeAll { $0 == key }
        }
        return model
    }

    mutating func removeAll() { self = PendingModels() }
}
