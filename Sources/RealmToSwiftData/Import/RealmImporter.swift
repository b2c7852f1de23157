import MigrationEngine
import RealmSchemaUpgrade
import SwiftData

/// The generated mapping from a Realm file's classes to the app's SwiftData models: pass it to
/// ``RealmToSwiftDataMigration``.
///
/// `carryover realm models` writes `GeneratedRealmImporter` beside the models; it lists one
/// ``RealmClassImporter`` per Realm class that became a model (embedded classes became values of their parents
/// and have none).
@available(macOS 14, iOS 17, tvOS 17, watchOS 10, *)
public protocol RealmImporter: Sendable {
    /// One importer per Realm class that became a model.
    var classes: [any RealmClassImporter] { get }
    /// The model that records the migration's state in the store (generated as `RealmMigrationState`).
    var stateModel: any RealmMigrationStateModel.Type { get }
    /// The app's last Realm models: their schema and `schemaVersion`, the `migrationBlock` carried over, defaults.
    /// With them, a file at an older schema version is upgraded as Realm would have upgraded it on open, in the same
    /// pass that copies it; without them (`nil`) the file must hold exactly the importer's fields.
    var realmModels: RealmAppModels? { get }
}

@available(macOS 14, iOS 17, tvOS 17, watchOS 10, *)
extension RealmImporter {
    /// `nil`: the importer names no Realm schema, so the file is migrated as it is.
    public var realmModels: RealmAppModels? { nil }
}

/// The typed mapping of one Realm class onto one model.
@available(macOS 14, iOS 17, tvOS 17, watchOS 10, *)
public protocol RealmClassImporter<Model>: Sendable {
    /// The model the class became.
    associatedtype Model: RealmImportedModel
    /// Every stored Realm field of the class, each mapped onto a property.
    var fields: [RealmField<Model>] { get }
    /// Creates the model of one Realm object from its values (relationships are set later, once every object
    /// exists). The migration sets ``RealmImportedModel/realmObjectKey`` and inserts it.
    func makeModel(from record: RealmRecordFields) throws -> Model
    /// The models with a Realm object key above `key` (all when `nil`), by ascending key, at most `limit`. The
    /// migration lists their identifiers with it (`fetchIdentifiers`) to read them back and, when it continues an
    /// earlier run, to find the models links lead to.
    func models(after key: Int64?, limit: Int) -> FetchDescriptor<Model>
    /// The saved models with the given identifiers (`identifiers.contains($0.persistentModelID)`, pending changes
    /// left out), in any order: the migration reads the models it listed or recorded by identifier with it, many per
    /// fetch. Written for the concrete model, as SwiftData translates a predicate's key paths by the model class's
    /// own metadata.
    func models(withIdentifiers identifiers: [PersistentIdentifier]) -> FetchDescriptor<Model>
}
