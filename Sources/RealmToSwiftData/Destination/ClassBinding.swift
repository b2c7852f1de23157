import MigrationEngine
import SwiftData

/// One class importer bound to the engine's description of its Realm class: the field positions it reads, and the
/// operations the destination needs, with the model type erased.
///
/// The importer's `fields` (built anew on every access of the generated computed property) are read once here, and
/// every operation is a closure over the concrete importer, so a batch or a verified record costs no rebuilding.
@available(macOS 14, iOS 17, tvOS 17, watchOS 10, *)
struct ClassBinding {
    let description: ClassDescription
    /// The Realm class each relationship field links to, by field index.
    let relationshipTargets: [(index: Int, targetClass: String)]
    /// The models one link of a relationship field brings into a context (its target, and an entry for a list or
    /// a map), by field name.
    let modelsPerLink: [String: Int]
    private let indices: [String: Int]
    private let operations: Operations

    /// The operations on models of the importer's class, with that class erased.
    private struct Operations {
        var insert:
            (_ records: [MigrationRecord], _ binding: ClassBinding, _ context: ModelContext) throws ->
                [any PersistentModel]
        var models: (_ identifiers: [PersistentIdentifier], _ context: ModelContext) throws -> [any RealmImportedModel]
        var setRelationships:
            (
                _ records: [MigrationRecord], _ binding: ClassBinding, _ models: [Int64: any PersistentModel],
                _ targets: [String: [Int64: any PersistentModel]]
            ) throws -> Void
        var count: (_ context: ModelContext) throws -> Int
        var identifiers: (_ key: Int64?, _ limit: Int, _ context: ModelContext) throws -> [PersistentIdentifier]
        var records:
            (_ identifiers: [PersistentIdentifier], _ context: ModelContext, _ keys: VerifiedKeys) throws ->
                [MigrationRecord]
        var normalize: (_ record: MigrationRecord) -> MigrationRecord
    }

    init(description: ClassDescription, importer: any RealmClassImporter) {
        self.description = description
        var indices: [String: Int] = [:]
        for (index, field) in description.fields.enumerated() { indices[field.name] = index }
        self.indices = indices
        (relationshipTargets, modelsPerLink, operations) = Self.bind(importer, to: description, indices: indices)
    }

    func fields(of record: MigrationRecord) -> RealmRecordFields {
        RealmRecordFields(record: record, className: description.name, indices: indices)
    }

    /// Creates and inserts the models of `records`; returns them in the order of `records`.
    func insertModels(_ records: [MigrationRecord], into context: ModelContext) throws -> [any PersistentModel] {
        try operations.insert(records, self, context)
    }

    /// The models of the class with `identifiers`, fetched into `context` (the importer's
    /// `models(withIdentifiers:)`), in any order; an identifier that leads to no model of the class is left out.
    func models(for identifiers: [PersistentIdentifier], in context: ModelContext) throws -> [any RealmImportedModel] {
        try operations.models(identifiers, context)
    }

    /// Sets the relationship fields of the models of `records`, whose targets are in `targets`.
    func setRelationships(
        _ records: [MigrationRecord], models: [Int64: any PersistentModel],
        targets: [String: [Int64: any PersistentModel]]
    ) throws {
        try operations.setRelationships(records, self, models, targets)
    }

    /// The number of models of the class in the store.
    func count(in context: ModelContext) throws -> Int { try operations.count(context) }

    /// The identifiers of up to `limit` models with keys above `key` (all when `nil`), by ascending key
    /// (`context.fetchIdentifiers` of the importer's `models(after:limit:)`: no model is loaded).
    func identifiers(after key: Int64?, limit: Int, in context: ModelContext) throws -> [PersistentIdentifier] {
        try operations.identifiers(key, limit, context)
    }

    /// The models with `identifiers` read back through `context` as records aligned with the engine's fields, by
    /// ascending key (the order in which the store's scans list identifiers); an identifier that leads to no model
    /// of the class is left out. Each model's key goes into `keys` (for the classes links point to), and each link
    /// read takes its target's key from there.
    func records(for identifiers: [PersistentIdentifier], in context: ModelContext, keys: VerifiedKeys) throws
        -> [MigrationRecord]
    {
        try operations.records(identifiers, context, keys)
    }

    /// A source record as the models store it: each attribute converted to the property's type and back, sets of
    /// links by key, lists of links in order, maps of links by key. A value that does not convert stays as it is (and verification
    /// reports it).
    func normalized(_ record: MigrationRecord) -> MigrationRecord { operations.normalize(record) }

    // MARK: Binding the concrete importer

    private static func bind<Importer: RealmClassImporter>(
        _ importer: Importer, to description: ClassDescription, indices: [String: Int]
    ) -> ([(index: Int, targetClass: String)], [String: Int], Operations) {
        typealias Model = Importer.Model
        let fields = importer.fields
        var attributes:
            [(index: Int, normalize: @Sendable (MigrationValue) throws(RealmValueError) -> MigrationValue)] =
                []
        var relationships: [(index: Int, relationship: Relationship<Model>)] = []
        var nanAsNil: [Int] = []
        for field in fields {
            guard let index = indices[field.name] else { continue }
            switch field.role {
            case .attribute(_, let normalize, let storesNaNAsNil):
                attributes.append((index, normalize))
                if storesNaNAsNil { nanAsNil.append(index) }
            case .relationship(let relationship): relationships.append((index, relationship))
            }
        }
        /// The record with every NaN in the fields that store NaN as nil made null.
        func withoutNaN(_ record: MigrationRecord) -> MigrationRecord {
            guard !nanAsNil.isEmpty else { return record }
            var result = record
            for index in nanAsNil where result.values.indices.contains(index) {
                result.values[index] = result.values[index].replacingNaNWithNull
            }
            return result
        }
        let readers = description.fields.map { field -> (Model, VerifiedKeys) -> MigrationValue in
            switch fields.first(where: { $0.name == field.name })?.role {
            case .attribute(let read, _, _): { model, _ in read(model) }
            case .relationship(let relationship): relationship.read
            case nil: { _, _ in .null }
            }
        }

        let operations = Operations(
            insert: { records, binding, context in
                try records.map { record in
                    let model = try importer.makeModel(from: binding.fields(of: withoutNaN(record)))
                    model.realmObjectKey = record.key
                    context.insert(model)
                    return model
                }
            },
            models: { identifiers, context in try context.fetch(importer.models(withIdentifiers: identifiers)) },
            setRelationships: { records, binding, models, targets in
                var lookup = LinkTargets(models: targets, className: binding.description.name)
                for record in records {
                    guard let model = models[record.key] as? Model else {
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
            },
            count: { context in try context.fetchCount(FetchDescriptor<Model>()) },
            identifiers: { key, limit, context in
                try context.fetchIdentifiers(importer.models(after: key, limit: limit))
            },
            records: { identifiers, context, keys in
                try context.fetch(importer.models(withIdentifiers: identifiers))
                    .map { model in
                        keys.record(model)
                        return MigrationRecord(key: model.realmObjectKey, values: readers.map { $0(model, keys) })
                    }
                    .sorted { $0.key < $1.key }
            },
            normalize: { record in
                var result = withoutNaN(record)
                for (index, normalize) in attributes where result.values.indices.contains(index) {
                    if let value = try? normalize(result.values[index]) { result.values[index] = value }
                }
                for (index, relationship) in relationships where result.values.indices.contains(index) {
                    result.values[index] = relationship.normalize(result.values[index])
                }
                return result
            })
        let modelsPerLink = Dictionary(
            relationships.map { (description.fields[$0.index].name, $0.relationship.modelsPerLink) },
            uniquingKeysWith: { first, _ in first })
        return (relationships.map { ($0.index, $0.relationship.targetClass) }, modelsPerLink, operations)
    }
}
