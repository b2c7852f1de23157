import MigrationEngine
import SwiftData

/// One class importer bound to the engine's description of its Realm class: the field positions it reads, and the
/// operations the destination needs, with the model type erased.
@available(macOS 14, iOS 17, tvOS 17, watchOS 10, *)
struct ClassBinding {
    let description: ClassDescription
    let importer: any RealmClassImporter
    private let indices: [String: Int]

    init(description: ClassDescription, importer: any RealmClassImporter) {
        self.description = description
        self.importer = importer
        var indices: [String: Int] = [:]
        for (index, field) in description.fields.enumerated() { indices[field.name] = index }
        self.indices = indices
    }

    func fields(of record: MigrationRecord) -> RealmRecordFields {
        RealmRecordFields(record: record, className: description.name, indices: indices)
    }

    /// Creates and inserts the models of `records`.
    func insertModels(_ records: [MigrationRecord], into context: ModelContext) throws {
        try Self.insert(records, binding: self, importer: importer, into: context)
    }

    private static func insert<Importer: RealmClassImporter>(
        _ records: [MigrationRecord], binding: ClassBinding, importer: Importer, into context: ModelContext
    ) throws {
        for record in records {
            let model = try importer.makeModel(from: binding.fields(of: record))
            model.realmObjectKey = record.key
            context.insert(model)
        }
    }

    /// The models with `keys`, by key, fetched in chunks.
    func models(withKeys keys: [Int64], in context: ModelContext) throws -> [Int64: any PersistentModel] {
        try Self.models(keys, importer: importer, in: context)
    }

    /// How many keys one fetch asks for (SQLite's default limit on bound variables is 32,766).
    static let keysPerFetch = 1_000

    private static func models<Importer: RealmClassImporter>(
        _ keys: [Int64], importer: Importer, in context: ModelContext
    ) throws -> [Int64: any PersistentModel] {
        var found: [Int64: any PersistentModel] = [:]
        found.reserveCapacity(keys.count)
        var start = keys.startIndex
        while start < keys.endIndex {
            let end = min(start + keysPerFetch, keys.endIndex)
            for model in try context.fetch(importer.models(withKeys: Array(keys[start..<end]))) {
                found[model.realmObjectKey] = model
            }
            start = end
        }
        return found
    }

    /// Sets the relationship fields of the models of `records`, whose targets are in `targets`.
    func setRelationships(
        _ records: [MigrationRecord], models: [Int64: any PersistentModel],
        targets: [String: [Int64: any PersistentModel]]
    ) throws {
        try Self.setRelationships(records, binding: self, importer: importer, models: models, targets: targets)
    }

    private static func setRelationships<Importer: RealmClassImporter>(
        _ records: [MigrationRecord], binding: ClassBinding, importer: Importer, models: [Int64: any PersistentModel],
        targets: [String: [Int64: any PersistentModel]]
    ) throws {
        let relationships = importer.fields.compactMap { field -> (Int, Relationship<Importer.Model>)? in
            guard case .relationship(let relationship) = field.role, let index = binding.indices[field.name] else {
                return nil
            }
            return (index, relationship)
        }
        var lookup = LinkTargets(models: targets, className: binding.description.name)
        for record in records {
            guard let model = models[record.key] as? Importer.Model else {
                throw RealmImportError.unresolvedLink(
                    className: binding.description.name, key: record.key, field: "(the object itself)",
                    target: binding.description.name, targetKey: record.key)
            }
            lookup.key = record.key
            for (index, relationship) in relationships where record.values.indices.contains(index) {
                lookup.field = binding.description.fields[index].name
                try relationship.apply(model, record.values[index], lookup)
            }
        }
    }

    /// The Realm class each relationship field links to, by field index.
    var relationshipTargets: [(index: Int, targetClass: String)] {
        Self.relationshipTargets(importer: importer, indices: indices)
    }

    private static func relationshipTargets<Importer: RealmClassImporter>(
        importer: Importer, indices: [String: Int]
    ) -> [(index: Int, targetClass: String)] {
        importer.fields.compactMap { field in
            guard case .relationship(let relationship) = field.role, let index = indices[field.name] else { return nil }
            return (index, relationship.targetClass)
        }
    }

    /// The number of models of the class in the store.
    func count(in context: ModelContext) throws -> Int {
        try Self.count(importer: importer, in: context)
    }

    private static func count<Importer: RealmClassImporter>(importer: Importer, in context: ModelContext) throws
        -> Int
    {
        try context.fetchCount(FetchDescriptor<Importer.Model>())
    }

    /// Up to `limit` models with keys above `key`, read back as records aligned with the engine's fields.
    func records(after key: Int64?, limit: Int, in context: ModelContext) throws -> [MigrationRecord] {
        try Self.records(after: key, limit: limit, binding: self, importer: importer, in: context)
    }

    private static func records<Importer: RealmClassImporter>(
        after key: Int64?, limit: Int, binding: ClassBinding, importer: Importer, in context: ModelContext
    ) throws -> [MigrationRecord] {
        let readers = binding.description.fields.map { field -> (Importer.Model) -> MigrationValue in
            switch importer.fields.first(where: { $0.name == field.name })?.role {
            case .attribute(let read, _): read
            case .relationship(let relationship): relationship.read
            case nil: { _ in .null }
            }
        }
        return try context.fetch(importer.models(after: key, limit: limit)).map { model in
            MigrationRecord(key: model.realmObjectKey, values: readers.map { $0(model) })
        }
    }

    /// A source record as the models store it: each attribute converted to the property's type and back, sets of
    /// links as lists. A value that does not convert stays as it is (and verification reports it).
    func normalized(_ record: MigrationRecord) -> MigrationRecord {
        Self.normalized(record, binding: self, importer: importer)
    }

    private static func normalized<Importer: RealmClassImporter>(
        _ record: MigrationRecord, binding: ClassBinding, importer: Importer
    ) -> MigrationRecord {
        var result = record
        for field in importer.fields {
            guard let index = binding.indices[field.name], result.values.indices.contains(index) else { continue }
            switch field.role {
            case .attribute(_, let normalize):
                if let value = try? normalize(result.values[index]) { result.values[index] = value }
            case .relationship:
                result.values[index] = result.values[index].asList
            }
        }
        return result
    }
}
