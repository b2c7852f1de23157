import Foundation
import MigrationEngine
import SwiftData

/// The migration engine's destination on a SwiftData `ModelContainer`, through a generated ``RealmImporter``.
///
/// Each batch runs in a `ModelContext` of its own (autosave off) that is saved once, together with the batch's
/// checkpoint in the importer's state model, and then let go, so the models it registered are released and memory
/// stays flat whatever the number of objects. Relationships are set in the engine's second phase, when every
/// target exists; a batch finds its models and their targets by persistent identifier (``ModelIdentifiers``,
/// recorded as the first phase saves them, or read from the store when a run continues an earlier one), so no
/// lookup depends on an index on `realmObjectKey`, which models for iOS 17 cannot declare. Reading back (for
/// verification) lists identifiers from the store by key range and reads the models page by page; it never uses
/// the identifiers the writer recorded.
///
/// A store is written only while it holds no objects of the imported models, or holds a migration's state from
/// the same Realm file (it continues that one). Objects the app wrote itself are therefore never duplicated or
/// overwritten: such a store is refused (``MigrationError/destinationNotEmpty(_:)``) before anything is written.
@available(macOS 14, iOS 17, tvOS 17, watchOS 10, *)
final class SwiftDataSink: MigrationSink, MigrationDestinationReader {
    private let container: ModelContainer
    private let importer: any RealmImporter
    private let bindings: [String: ClassBinding]
    private var sourceFingerprint = ""
    private var sourceSchema = Data()
    private var batch: ModelContext?
    /// The classes whose models the relationship phase looks up: those with relationships, and their targets.
    private let linkedClasses: Set<String>
    /// Identifiers of the linked classes' models by key; a class is here once all of its models are.
    private var identifiers: [String: ModelIdentifiers] = [:]
    /// Whether this run started on an empty store, so recording each saved batch gives every identifier.
    private var recordsIdentifiers = false
    /// The models of linked classes inserted in the batch being written, recorded once it is saved.
    private var insertedModels: [(className: String, key: Int64, model: any PersistentModel)] = []
    /// The keys of the link targets' models as reading back found them, for reading links back.
    private let verifiedKeys: VerifiedKeys

    /// How many models one read-back fetch returns (each page in a context of its own).
    static let readPageSize = 1_000
    /// How many identifiers one scan of the store lists, in key order (about 40 bytes each in memory): each scan
    /// reads the class's whole table, so a class of `n` objects costs `n / identifiersPerScan` scans.
    static let identifiersPerScan = 100_000

    /// Binds `importer` to the classes of `schema` (the engine's schema of the source, embedded objects inlined).
    init(container: ModelContainer, importer: any RealmImporter, schema: MigrationSchema) {
        self.container = container
        self.importer = importer
        var importers: [String: any RealmClassImporter] = [:]
        for classImporter in importer.classes { importers[Self.realmClassName(of: classImporter)] = classImporter }
        var bindings: [String: ClassBinding] = [:]
        for cls in schema.classes {
            if let classImporter = importers[cls.name] {
                bindings[cls.name] = ClassBinding(description: cls, importer: classImporter)
            }
        }
        self.bindings = bindings
        var linked: Set<String> = []
        for binding in bindings.values where !binding.relationshipTargets.isEmpty {
            linked.insert(binding.description.name)
            linked.formUnion(binding.relationshipTargets.map(\.targetClass))
        }
        linkedClasses = linked
        verifiedKeys = VerifiedKeys(classes: bindings.values.flatMap { $0.relationshipTargets.map(\.targetClass) })
    }

    static func realmClassName(of importer: any RealmClassImporter) -> String {
        func name<Importer: RealmClassImporter>(_ importer: Importer) -> String { Importer.Model.realmClassName }
        return name(importer)
    }

    // MARK: MigrationSink

    func open(schema: MigrationSchema, sourceFingerprint: String) throws -> MigrationCheckpoint? {
        self.sourceFingerprint = sourceFingerprint
        sourceSchema = try JSONEncoder.sorted.encode(schema)
        let context = Self.context(for: container)
        guard let state = try MigrationState.fetch(importer.stateModel, in: context) else {
            for binding in bindings.values.sorted(by: { $0.description.name < $1.description.name }) {
                let count = try binding.count(in: context)
                if count > 0 {
                    throw MigrationError.destinationNotEmpty(
                        "the store holds \(count) \(binding.description.name) objects and no migration state")
                }
            }
            recordsIdentifiers = true
            for name in linkedClasses { identifiers[name] = ModelIdentifiers() }
            return nil
        }
        guard state.sourceFingerprint == sourceFingerprint else {
            throw MigrationError.destinationFromAnotherSource(
                expected: sourceFingerprint, found: state.sourceFingerprint)
        }
        guard state.sourceSchema == sourceSchema else {
            throw MigrationError.destinationSchemaMismatch("the store was filled from another schema of the file")
        }
        return try state.checkpoint
    }

    func writeAttributes(_ records: [MigrationRecord], of cls: ClassDescription) throws {
        guard let binding = bindings[cls.name] else { return }
        let models = try binding.insertModels(records, into: batchContext())
        if recordsIdentifiers, linkedClasses.contains(cls.name) {
            for (record, model) in zip(records, models) {
                insertedModels.append((cls.name, record.key, model))
            }
        }
    }

    func resolveRelationships(_ records: [MigrationRecord], of cls: ClassDescription) throws {
        guard let binding = bindings[cls.name] else { return }
        let context = batchContext()
        var keysByTarget: [String: Set<Int64>] = [:]
        for (index, targetClass) in binding.relationshipTargets {
            for record in records where record.values.indices.contains(index) {
                keysByTarget[targetClass, default: []].formUnion(record.values[index].linkKeys)
            }
        }
        var targets: [String: [Int64: any PersistentModel]] = [:]
        for (targetClass, keys) in keysByTarget {
            guard let target = bindings[targetClass] else { continue }
            targets[targetClass] = try models(of: target, withKeys: keys, in: context)
        }
        let models = try models(of: binding, withKeys: records.map(\.key), in: context)
        try binding.setRelationships(records, models: models, targets: targets)
    }

    /// The models of `binding`'s class with `keys`, by key, found by their identifiers (a key with no model is
    /// left out; setting the relationship then reports it).
    private func models(
        of binding: ClassBinding, withKeys keys: some Sequence<Int64>, in context: ModelContext
    ) throws -> [Int64: any PersistentModel] {
        let name = binding.description.name
        let known: ModelIdentifiers
        if let recorded = identifiers[name] {
            known = recorded
        } else {
            known = try storedIdentifiers(of: binding)
            identifiers[name] = known
        }
        let identifiers = keys.compactMap { known.identifier(for: $0) }
        var found: [Int64: any PersistentModel] = [:]
        for model in try binding.models(for: identifiers, in: context) { found[model.realmObjectKey] = model }
        return found
    }

    /// The identifiers of every model of `binding`'s class in the store, by key: for a run that continues an
    /// earlier one, which recorded them in another process. Reads the models page by page, each page in a context
    /// of its own.
    private func storedIdentifiers(of binding: ClassBinding) throws -> ModelIdentifiers {
        var result = ModelIdentifiers()
        var lastKey: Int64?
        while true {
            let scan = try binding.identifiers(
                after: lastKey, limit: Self.identifiersPerScan, in: Self.context(for: container))
            let before = lastKey
            var start = scan.startIndex
            while start < scan.endIndex {
                let end = min(start + Self.readPageSize, scan.endIndex)
                let models = try binding.models(for: Array(scan[start..<end]), in: Self.context(for: container))
                // The scan listed them in key order; the fetch returns them in any order.
                for model in models.sorted(by: { $0.realmObjectKey < $1.realmObjectKey }) {
                    result.append(key: model.realmObjectKey, identifier: model.persistentModelID)
                    lastKey = model.realmObjectKey
                }
                start = end
            }
            // A short scan is the last; a scan none of whose models could be read would repeat forever.
            if scan.count < Self.identifiersPerScan || lastKey == before { return result }
        }
    }

    func commit(_ checkpoint: MigrationCheckpoint) throws {
        let context = batchContext()
        let state =
            try MigrationState.fetch(importer.stateModel, in: context)
            ?? MigrationState.insert(
                importer.stateModel, fingerprint: sourceFingerprint, schema: sourceSchema, into: context)
        try state.setCheckpoint(checkpoint)
        try context.save()
        batch = nil
        // Saved: the identifiers are permanent now.
        for inserted in insertedModels {
            identifiers[inserted.className]?.append(key: inserted.key, identifier: inserted.model.persistentModelID)
        }
        insertedModels = []
        if checkpoint.phase == .finished { identifiers = [:] }
    }

    func rollback() {
        batch?.rollback()
        batch = nil
        insertedModels = []
    }

    func linkWeight(of field: FieldDescription, in cls: ClassDescription) -> Int {
        bindings[cls.name]?.modelsPerLink[field.name] ?? 1
    }

    private func batchContext() -> ModelContext {
        if let batch { return batch }
        let context = Self.context(for: container)
        batch = context
        return context
    }

    static func context(for container: ModelContainer) -> ModelContext {
        let context = ModelContext(container)
        context.autosaveEnabled = false
        return context
    }

    // MARK: MigrationDestinationReader

    func objectCount(of cls: ClassDescription) throws -> Int {
        guard let binding = bindings[cls.name] else { return 0 }
        return try binding.count(in: Self.context(for: container))
    }

    func records(of cls: ClassDescription) throws -> any RecordCursor {
        guard let binding = bindings[cls.name] else { return EmptyCursor() }
        return ReadBackCursor(
            binding: binding, container: container, keys: verifiedKeys, pageSize: Self.readPageSize)
    }

    /// A source record as the store holds it (see ``ClassBinding/normalized(_:)``).
    func normalized(_ record: MigrationRecord, of cls: ClassDescription) -> MigrationRecord {
        bindings[cls.name]?.normalized(record) ?? record
    }
}

/// Models read back page by page, each page in a context of its own, from identifiers listed in key order by
/// scans of the store (``SwiftDataSink/identifiersPerScan`` at a time; no model is loaded by a scan). Reading a
/// relationship materializes its targets (and a list's entries) in that context too, so the page shrinks to hold
/// about `pageSize` models, objects, entries and targets together (a page of albums listing 100 tracks each holds
/// 5 albums).
@available(macOS 14, iOS 17, tvOS 17, watchOS 10, *)
private final class ReadBackCursor: RecordCursor {
    private let binding: ClassBinding
    private let container: ModelContainer
    private let keys: VerifiedKeys
    private let pageSize: Int
    private var limit: Int
    private var page: [MigrationRecord] = []
    private var position = 0
    private var scan: [PersistentIdentifier] = []
    private var scanPosition = 0
    private var scanStartKey: Int64?
    private var lastKey: Int64?
    private var exhausted = false
    /// The relationship fields and the models one of their links brings into the page.
    private let weights: [(index: Int, weight: Int)]

    init(binding: ClassBinding, container: ModelContainer, keys: VerifiedKeys, pageSize: Int) {
        self.binding = binding
        self.container = container
        self.keys = keys
        self.pageSize = pageSize
        // The first page guesses 100 links per object (each bringing its target, and a list's entry too); later
        // pages size themselves from what the last one held.
        weights = binding.relationshipTargets.map {
            (index: $0.index, weight: binding.modelsPerLink[binding.description.fields[$0.index].name] ?? 1)
        }
        let perLink = binding.modelsPerLink.values.max() ?? 1
        limit = binding.relationshipTargets.isEmpty ? pageSize : max(1, pageSize / (100 * perLink))
    }

    func next() throws -> MigrationRecord? {
        while position == page.count {
            if scanPosition == scan.count {
                // A short scan was the last; so was one none of whose models could be read (it would repeat).
                guard !exhausted else { return nil }
                scan = try binding.identifiers(
                    after: lastKey, limit: SwiftDataSink.identifiersPerScan,
                    in: SwiftDataSink.context(for: container))
                scanPosition = 0
                scanStartKey = lastKey
                exhausted = scan.count < SwiftDataSink.identifiersPerScan
                if scan.isEmpty { return nil }
            }
            let end = min(scanPosition + limit, scan.count)
            let context = SwiftDataSink.context(for: container)
            // An identifier the scan listed but that leads to no model is left out: verification then finds the
            // object missing.
            page = try binding.records(for: Array(scan[scanPosition..<end]), in: context, keys: keys)
            scanPosition = end
            position = 0
            if let last = page.last { lastKey = last.key }
            if scanPosition == scan.count, lastKey == scanStartKey { exhausted = true }
            let links = page.reduce(0) { total, record in
                weights.reduce(total) { $0 + record.values[$1.index].linkKeys.count * $1.weight }
            }
            if !page.isEmpty { limit = max(1, pageSize * page.count / (page.count + links)) }
        }
        defer { position += 1 }
        return page[position]
    }
}

private final class EmptyCursor: RecordCursor {
    func next() throws -> MigrationRecord? { nil }
}

extension JSONEncoder {
    /// An encoder with sorted keys, so equal values encode to equal bytes.
    static var sorted: JSONEncoder {
        let encoder = JSONEncoder()
        encoder.outputFormatting = .sortedKeys
        return encoder
    }
}
