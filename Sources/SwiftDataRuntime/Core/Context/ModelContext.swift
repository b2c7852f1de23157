import Foundation

/// An object that enables you to fetch, insert, and delete models, and save any changes to disk.
///
/// A context holds every model it registered (inserted or fetched) until it is released, so a long import should
/// use a new context per batch. Not thread-safe (as on Apple platforms, use a context from one thread at a time).
///
/// ```swift
/// let context = ModelContext(container)
/// context.insert(Track(id: "t1"))
/// try context.save()
/// ```
public final class ModelContext {
    /// The container the context reads from and saves to.
    public let container: ModelContainer
    /// Whether the context saves changes automatically. Recorded only: this runtime never autosaves (no run loop),
    /// so call ``save()``.
    public var autosaveEnabled: Bool = false

    /// Persistent models by entity name and primary key.
    var registered: [RegistryKey: any PersistentModel] = [:]
    /// While a row is being registered, the models registered for it so far (its required links' targets too), so
    /// that a failure unregisters them all; `nil` otherwise.
    private var registering: [RegistryKey]?
    var inserted = PendingModels()
    var changed = PendingModels()
    var deleted = PendingModels()
    /// Pending inserts by unique constraint values, per entity and constraint.
    var pendingUnique: [UniqueKey: any PersistentModel] = [:]

    /// Runtime-only (not Apple API): the seed this context arranges to-many relationships with (see
    /// `RelationshipOrder`: their order is a seeded hash of each model's identifier, so it is not insertion order and
    /// differs from one context to the next). Random; a test sets it to get one known order. Set it before the
    /// context reads or writes any relationship.
    @_spi(CarryoverRuntime) public var relationshipOrderSeed = UInt64.random(in: .min ... .max)

    /// A registered model's entity (by identity: one per model class) and primary key.
    struct RegistryKey: Hashable {
        var entity: ObjectIdentifier
        var primaryKey: Int64

        init(entity: Entity, primaryKey: Int64) {
            self.entity = ObjectIdentifier(entity)
            self.primaryKey = primaryKey
        }
    }

    struct UniqueKey: Hashable {
        var entity: String
        var constraint: Int
        var values: [SQLValue]
    }

    /// Creates a context for a container.
    public init(_ container: ModelContainer) {
        self.container = container
    }

    deinit {
        // Break the reference cycles between related models (relationship slots hold models strongly) by turning
        // loaded relationships back into faults, and detach every model.
        for model in registered.values { detach(model) }
        for model in inserted.values { detach(model) }
    }

    private func detach(_ model: any PersistentModel) {
        let backing = model.persistentBackingData
        backing.context = nil
        guard let entity = backing.entity else { return }
        for property in entity.properties where property.isRelationship {
            switch backing.slots[property.index] {
            case .toOne(let target):
                backing.slots[property.index] = .toOneFault(target?.persistentBackingData.primaryKey)
            case .toMany, .toManyAppended: backing.slots[property.index] = .toManyFault
            default: break
            }
        }
        backing.snapshot = nil
    }

    /// Whether the context has unsaved inserts, changes or deletes.
    public var hasChanges: Bool { !inserted.isEmpty || !changed.isEmpty || !deleted.isEmpty }

    /// The models inserted and not yet saved.
    public var insertedModelsArray: [any PersistentModel] { inserted.values }
    /// The persistent models changed and not yet saved.
    public var changedModelsArray: [any PersistentModel] { changed.values }
    /// The models deleted and not yet saved.
    public var deletedModelsArray: [any PersistentModel] { deleted.values }

    /// Runtime-only (not Apple API): how many models the context holds (registered persistent models plus pending
    /// inserts). Use it with ``SwiftDataRuntimeStatistics`` to check memory stays bounded.
    @_spi(CarryoverRuntime) public var registeredModelCount: Int { registered.count + inserted.count }

    func entity(of model: any PersistentModel) -> Entity {
        if let entity = model.persistentBackingData.entity { return entity }
        let entity = EntityRegistry.entity(for: type(of: model))
        model.persistentBackingData.entity = entity
        return entity
    }

    /// Called by a persistent model's backing data on its first unsaved change.
    func didChange(_ model: any PersistentModel) {
        let backing = model.persistentBackingData
        guard backing.state == .persistent else { return }
        changed.add(model, entity: entity(of: model))
    }

    /// Inserts a related model that is not yet in a context (Apple inserts models reachable from inserted ones).
    func adopt(_ model: (any PersistentModel)?) {
        guard let model, model.persistentBackingData.context == nil, model.persistentBackingData.state == .detached
        else { return }
        insertModel(model)
    }

    // MARK: Looking up models

    /// The model with the given identifier: registered, or loaded from the store.
    ///
    /// For an identifier with no model behind it (no such row, a row that does not decode, an entity the container
    /// does not have) this returns a stand-in of no model class, so `model(for: id) as? Track` is `nil`. (Apple's
    /// SwiftData returns a model that traps when read; an identifier can come from decoded data, so here it does
    /// not trap.) Use ``registeredModel(for:)`` or a fetch to check first.
    public func model(for persistentModelID: PersistentIdentifier) -> any PersistentModel {
        lookUp(persistentModelID) ?? MissingModel(backingData: BackingData(propertyCount: 0))
    }

    /// The registered model with the given identifier, if the context holds it (it does not read the store).
    public func registeredModel<T: PersistentModel>(for persistentModelID: PersistentIdentifier) -> T? {
        if persistentModelID.isTemporary {
            return inserted.values.first { $0.persistentModelID == persistentModelID } as? T
        }
        guard let entity = container.schema.entity(named: persistentModelID.entityName) else { return nil }
        return registered[RegistryKey(entity: entity, primaryKey: persistentModelID.primaryKey)] as? T
    }

    func lookUp(_ id: PersistentIdentifier) -> (any PersistentModel)? {
        if id.isTemporary { return inserted.values.first { $0.persistentModelID == id } }
        guard id.storeIdentifier == container.store.identifier,
            let entity = container.schema.entity(named: id.entityName)
        else { return nil }
        return materialize(entity, primaryKey: id.primaryKey)
    }

    /// The registered model for a row, or the row loaded and registered; `nil` if there is no such row, or it does
    /// not decode. For reads that cannot throw (faulted relationships, ``model(for:)``).
    func materialize(_ entity: Entity, primaryKey: Int64) -> (any PersistentModel)? {
        try? load(entity, primaryKey: primaryKey)
    }

    /// The registered model for a row, or the row loaded and registered; `nil` if there is no such row.
    /// - Throws: ``SwiftDataError`` when the store fails or the row does not decode.
    func load(_ entity: Entity, primaryKey: Int64) throws -> (any PersistentModel)? {
        if let model = registered[RegistryKey(entity: entity, primaryKey: primaryKey)] { return model }
        let store = container.store
        let slots: [BackingData.Slot]? = try store.locked {
            let statement = try store.connection.cached(entity.sql.selectByKey)
            defer { statement.reset() }
            try statement.bind([.integer(primaryKey)])
            guard try statement.step() else { return nil }
            return try Store.slots(from: statement, entity: entity)
        }
        guard let slots else { return nil }
        return try register(entity, primaryKey: primaryKey, slots: slots)
    }

    /// Registers a decoded row as a persistent model (or returns the model already registered for it), with its
    /// non-optional to-one relationships loaded: a stored row whose required link leads nowhere is an error here,
    /// where it can be thrown, not later when the property is read.
    ///
    /// On such an error every model registered for the row is unregistered again, so no half-loaded model stays
    /// behind for a later fetch to return (reading its required link would have nothing to give): the next fetch of
    /// the row decodes it again and throws again.
    func register(_ entity: Entity, primaryKey: Int64, slots: [BackingData.Slot]) throws -> any PersistentModel {
        let key = RegistryKey(entity: entity, primaryKey: primaryKey)
        if let model = registered[key] { return model }
        guard registering == nil, !entity.requiredLinks.isEmpty else {
            return try registerLoadingRequiredLinks(entity, key: key, slots: slots)
        }
        registering = []
        defer { registering = nil }
        do {
            return try registerLoadingRequiredLinks(entity, key: key, slots: slots)
        } catch {
            for partial in registering ?? [] { registered[partial] = nil }
            throw error
        }
    }

    private func registerLoadingRequiredLinks(_ entity: Entity, key: RegistryKey, slots: [BackingData.Slot]) throws
        -> any PersistentModel
    {
        let primaryKey = key.primaryKey
        let backing = BackingData(propertyCount: 0)
        backing.slots = slots
        backing.primaryKey = primaryKey
        backing.storeIdentifier = container.store.identifier
        backing.state = .persistent
        backing.entity = entity
        backing.context = self
        let model = entity.modelType.init(backingData: backing)
        registered[key] = model
        registering?.append(key)
        for property in entity.requiredLinks {
            guard case .toOneFault(let targetKey?) = backing.slots[property.index],
                let target = property.targetEntity
            else { continue }
            guard let related = try load(target, primaryKey: targetKey) else {
                throw SwiftDataError.decodingFailed(
                    "\(entity.name).\(property.name) links to \(target.name) \(targetKey), which the store does not hold"
                )
            }
            backing.slots[property.index] = .toOne(related)
        }
        return model
    }
}
