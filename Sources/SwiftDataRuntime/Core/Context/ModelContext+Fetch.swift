import Foundation

extension ModelContext {
    /// Returns the models that match the descriptor's criteria, sorted and limited as it says.
    ///
    /// With ``FetchDescriptor/includePendingChanges`` (the default) the results reflect this context's unsaved
    /// inserts, changes and deletes. The SQL part of the predicate (see ``FetchDescriptor``) runs in the store;
    /// the rest is evaluated on the loaded models.
    ///
    /// - Throws: ``SwiftDataError`` when the store fails or a stored value does not decode; errors the predicate
    ///   throws.
    public func fetch<T: PersistentModel>(_ descriptor: FetchDescriptor<T>) throws -> [T] {
        let entity = EntityRegistry.entity(for: T.self)
        let pending = descriptor.includePendingChanges && hasPendingChanges(entity)
        let translation = descriptor.predicate.map { translator(entity).translate($0.expression) }
        let complete = translation?.isComplete ?? true
        let orderBy = descriptor.sortBy.map { $0.orderByTerm(entity) }
        let sqlSorts = orderBy.allSatisfy { $0 != nil }
        let conditions = translation?.conditions ?? []
        let chunked = conditions.contains { ($0.inList?.values.count ?? 0) > Self.inListChunk }
        // Everything in SQL when nothing needs doing in memory afterwards.
        let allInSQL = !pending && complete && sqlSorts && !chunked
        var rows = try loadRows(
            entity, conditions: conditions, orderBy: allInSQL ? orderBy.compactMap { $0 } : [],
            limit: allInSQL ? descriptor.fetchLimit : nil, offset: allInSQL ? descriptor.fetchOffset : nil)
        if allInSQL { return rows.compactMap { $0 as? T } }

        if pending {
            rows.removeAll { $0.persistentBackingData.state == .deleted }
            // Changed models are judged by their in-memory values, below.
            var seen = Set(rows.map { ObjectIdentifier($0.persistentBackingData) })
            for model in changed.values(of: entity) {
                if seen.insert(ObjectIdentifier(model.persistentBackingData)).inserted { rows.append(model) }
            }
            for model in inserted.values(of: entity) {
                if seen.insert(ObjectIdentifier(model.persistentBackingData)).inserted { rows.append(model) }
            }
        }
        var results = rows.compactMap { $0 as? T }
        if let predicate = descriptor.predicate, !complete || pending {
            results = try results.filter { try predicate.evaluate($0) }
        }
        if !descriptor.sortBy.isEmpty { results.sort(using: descriptor.sortBy) }
        let offset = min(descriptor.fetchOffset ?? 0, results.count)
        let end = descriptor.fetchLimit.map { min(results.count, offset + $0) } ?? results.count
        return Array(results[offset..<end])
    }

    /// Returns the identifiers of the models that match the descriptor's criteria, sorted and limited as it says,
    /// without loading the models.
    ///
    /// When the whole descriptor runs in SQL (no pending changes of the entity, a predicate and sorts that
    /// translate) only the primary keys are read; otherwise the models are fetched and their identifiers returned.
    ///
    /// - Throws: ``SwiftDataError`` when the store fails or a stored value does not decode; errors the predicate
    ///   throws.
    public func fetchIdentifiers<T: PersistentModel>(_ descriptor: FetchDescriptor<T>) throws -> [PersistentIdentifier]
    {
        let entity = EntityRegistry.entity(for: T.self)
        let pending = descriptor.includePendingChanges && hasPendingChanges(entity)
        let translation = descriptor.predicate.map { translator(entity).translate($0.expression) }
        let orderBy = descriptor.sortBy.map { $0.orderByTerm(entity) }
        let conditions = translation?.conditions ?? []
        let chunked = conditions.contains { ($0.inList?.values.count ?? 0) > Self.inListChunk }
        guard !pending, translation?.isComplete ?? true, orderBy.allSatisfy({ $0 != nil }), !chunked else {
            return try fetch(descriptor).map(\.persistentModelID)
        }
        let sql = Self.select(
            #""pk""#, from: entity, conditions: conditions, orderBy: orderBy.compactMap { $0 },
            limit: descriptor.fetchLimit, offset: descriptor.fetchOffset)
        let store = container.store
        return try store.locked {
            let statement = try Self.prepared(sql, binding: conditions, in: store)
            defer { statement.reset() }
            var identifiers: [PersistentIdentifier] = []
            while try statement.step() {
                identifiers.append(
                    PersistentIdentifier(
                        storeIdentifier: store.identifier, entityName: entity.name, primaryKey: statement.int(at: 0)))
            }
            return identifiers
        }
    }

    /// Returns the number of models that match the descriptor's criteria.
    ///
    /// - Throws: ``SwiftDataError`` when the store fails; errors the predicate throws.
    public func fetchCount<T: PersistentModel>(_ descriptor: FetchDescriptor<T>) throws -> Int {
        let entity = EntityRegistry.entity(for: T.self)
        let pending = descriptor.includePendingChanges && hasPendingChanges(entity)
        let translation = descriptor.predicate.map { translator(entity).translate($0.expression) }
        let conditions = translation?.conditions ?? []
        let chunked = conditions.contains { ($0.inList?.values.count ?? 0) > Self.inListChunk }
        guard !pending, translation?.isComplete ?? true, !chunked else { return try fetch(descriptor).count }
        let whereClause = conditions.isEmpty ? "" : " WHERE " + conditions.map(\.sql).joined(separator: " AND ")
        let store = container.store
        var count = try store.locked {
            let statement = try store.connection.cached("SELECT count(*) FROM \(Store.table(entity))\(whereClause)")
            defer { statement.reset() }
            try statement.bind(conditions.flatMap(\.bindings))
            return try statement.step() ? Int(statement.int(at: 0)) : 0
        }
        count = max(0, count - (descriptor.fetchOffset ?? 0))
        if let limit = descriptor.fetchLimit { count = min(count, limit) }
        return count
    }

    static let inListChunk = 500

    private func translator(_ entity: Entity) -> PredicateTranslator {
        PredicateTranslator(entity: entity, storeIdentifier: container.store.identifier)
    }

    func hasPendingChanges(_ entity: Entity) -> Bool {
        inserted.contains(entity: entity) || changed.contains(entity: entity) || deleted.contains(entity: entity)
    }

    /// Runs the SQL part of a fetch; a long `IN` list runs in chunks (under SQLite's variable limit).
    private func loadRows(
        _ entity: Entity, conditions: [PredicateTranslator.Condition], orderBy: [String], limit: Int?, offset: Int?
    ) throws -> [any PersistentModel] {
        if let long = conditions.firstIndex(where: { ($0.inList?.values.count ?? 0) > Self.inListChunk }),
            let list = conditions[long].inList
        {
            var results: [any PersistentModel] = []
            var seen: Set<Int64> = []
            var start = 0
            while start < list.values.count {
                let chunk = Array(list.values[start..<min(list.values.count, start + Self.inListChunk)])
                var parts = conditions
                let marks = Array(repeating: "?", count: chunk.count).joined(separator: ", ")
                parts[long] = PredicateTranslator.Condition(sql: "\(list.column) IN (\(marks))", bindings: chunk)
                for model in try loadRows(entity, conditions: parts, orderBy: [], limit: nil, offset: nil) {
                    if let key = model.persistentBackingData.primaryKey, seen.insert(key).inserted {
                        results.append(model)
                    }
                }
                start += Self.inListChunk
            }
            return results
        }
        let sql = Self.select(
            Store.selectList(entity), from: entity, conditions: conditions, orderBy: orderBy, limit: limit,
            offset: offset)
        return try loadModels(
            entity, sql: sql, bindings: conditions.flatMap(\.bindings), cached: Self.isCacheable(conditions))
    }

    /// The `SELECT` of `columns` from the entity's table under `conditions`, in `orderBy` order and then by primary
    /// key, limited as asked.
    private static func select(
        _ columns: String, from entity: Entity, conditions: [PredicateTranslator.Condition], orderBy: [String],
        limit: Int?, offset: Int?
    ) -> String {
        var sql = "SELECT \(columns) FROM \(Store.table(entity))"
        if !conditions.isEmpty { sql += " WHERE " + conditions.map(\.sql).joined(separator: " AND ") }
        sql += " ORDER BY " + (orderBy + [#""pk""#]).joined(separator: ", ")
        if limit != nil || offset != nil { sql += " LIMIT \(limit ?? -1) OFFSET \(offset ?? 0)" }
        return sql
    }

    /// Whether a statement under `conditions` stays prepared: not with `IN` lists, as each distinct length would.
    private static func isCacheable(_ conditions: [PredicateTranslator.Condition]) -> Bool {
        !conditions.contains { $0.inList != nil }
    }

    /// The statement for `sql` with the conditions' values bound; call it with the store locked.
    private static func prepared(_ sql: String, binding conditions: [PredicateTranslator.Condition], in store: Store)
        throws -> SQLiteStatement
    {
        let statement = try store.connection.statement(sql, cached: isCacheable(conditions))
        do {
            try statement.bind(conditions.flatMap(\.bindings))
        } catch {
            statement.reset()
            throw error
        }
        return statement
    }
}
