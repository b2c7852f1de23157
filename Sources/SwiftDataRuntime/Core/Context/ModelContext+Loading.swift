// Loading rows: many models per statement, and to-one faults of models loaded together, together.

extension ModelContext {
    /// The related models of a to-many relationship, read with one statement (the caller arranges them; the store
    /// keeps no order). A row that does not decode is left out, as a fault that does not load would be.
    func loadToMany(entity: Entity, property: Int, owner: Int64, target: Entity) -> [any PersistentModel] {
        guard let sql = entity.toMany(property)?.selectRelated else { return [] }
        return (try? loadModels(target, sql: sql, bindings: [.integer(owner)], skippingUndecodable: true)) ?? []
    }

    /// The models of the rows a `SELECT` of `entity.sql.selectList` returns, in its order: registered models as they
    /// are in memory, other rows decoded and registered. The models registered here form ``FaultGroup``s of up to
    /// ``inListChunk`` models, so reading a to-one relationship of one of them loads the same relationship of every
    /// model of its group at once.
    /// - Parameters:
    ///   - cached: keep the statement prepared for the next call (not for `IN` lists of varying length).
    ///   - skippingUndecodable: leave out a row that does not decode or register, rather than throw.
    func loadModels(
        _ entity: Entity, sql: String, bindings: [SQLValue], cached: Bool = true, skippingUndecodable: Bool = false
    ) throws -> [any PersistentModel] {
        let store = container.store
        let rows: [(key: Int64, slots: [BackingData.Slot]?)] = try store.locked {
            let statement = try store.connection.statement(sql, cached: cached)
            defer { statement.reset() }
            try statement.bind(bindings)
            var rows: [(key: Int64, slots: [BackingData.Slot]?)] = []
            while try statement.step() {
                let key = statement.int(at: 0)
                // A registered model keeps its in-memory state; its row is not decoded again.
                if registered[RegistryKey(entity: entity, primaryKey: key)] != nil {
                    rows.append((key, nil))
                } else if skippingUndecodable {
                    if let slots = try? Store.slots(from: statement, entity: entity) { rows.append((key, slots)) }
                } else {
                    rows.append((key, try Store.slots(from: statement, entity: entity)))
                }
            }
            return rows
        }
        var group = FaultGroup(entity: entity)
        var models: [any PersistentModel] = []
        models.reserveCapacity(rows.count)
        for (key, slots) in rows {
            if let model = registered[RegistryKey(entity: entity, primaryKey: key)] {
                models.append(model)
                continue
            }
            guard let slots else { continue }
            let model: any PersistentModel
            if skippingUndecodable {
                guard let registered = try? register(entity, primaryKey: key, slots: slots) else { continue }
                model = registered
            } else {
                model = try register(entity, primaryKey: key, slots: slots)
            }
            // Groups of at most one `IN` chunk, so a fault loads a bounded number of targets whatever the fetch.
            if group.keys.count == Self.inListChunk { group = FaultGroup(entity: entity) }
            model.persistentBackingData.faultGroup = group
            group.keys.append(key)
            models.append(model)
        }
        return models
    }

    /// Loads to-one relationship `property` of every model of `group` registered here whose relationship is still
    /// a fault: the targets not yet registered are read with one statement (a group holds at most ``inListChunk``).
    func loadToOneFaults(of group: FaultGroup, property: Int) {
        guard let target = group.entity.properties[property].targetEntity else { return }
        var owners: [(backing: BackingData, key: Int64)] = []
        var missing: [Int64] = []
        var seen: Set<Int64> = []
        for key in group.keys {
            guard let owner = registered[RegistryKey(entity: group.entity, primaryKey: key)],
                case .toOneFault(let targetKey?) = owner.persistentBackingData.slots[property]
            else { continue }
            owners.append((owner.persistentBackingData, targetKey))
            if registered[RegistryKey(entity: target, primaryKey: targetKey)] == nil,
                seen.insert(targetKey).inserted
            {
                missing.append(targetKey)
            }
        }
        if !missing.isEmpty {
            // Padded with the last key to a power of two, so a few statements stay prepared.
            var size = 1
            while size < missing.count { size *= 2 }
            let padding = Array(repeating: missing[missing.count - 1], count: size - missing.count)
            let keys = (missing + padding).map { SQLValue.integer($0) }
            let marks = Array(repeating: "?", count: keys.count).joined(separator: ", ")
            _ = try? loadModels(
                target, sql: "\(target.sql.selectAll) WHERE pk IN (\(marks))", bindings: keys,
                skippingUndecodable: true)
        }
        for (backing, targetKey) in owners {
            if let model = registered[RegistryKey(entity: target, primaryKey: targetKey)] {
                backing.slots[property] = .toOne(model)
            }
        }
    }
}

/// The models one statement loaded into a context (a fetch, a to-many relationship): reading a to-one relationship
/// of one of them loads that relationship of every one of them still faulted, with one statement rather than one
/// per model.
final class FaultGroup {
    let entity: Entity
    /// The members' primary keys (the context finds the members by them, so the group holds no model).
    var keys: [Int64] = []

    init(entity: Entity) {
        self.entity = entity
    }
}
