import MigrationEngine
import RealmMigrationSource
import RealmSchema

/// What the app's last Realm configuration said about its models, which Realm used to upgrade a file on open: the
/// schema with its `schemaVersion`, the `migrationBlock`, the models' Swift defaults and
/// `deleteRealmIfMigrationNeeded`. `carryover realm models` generates it into the importer from the app's sources.
public struct RealmAppModels: Sendable {
    /// The app's Realm classes; `version` is `Realm.Configuration.schemaVersion` (`nil` reads as 0).
    public var schema: Schema
    /// The app's `migrationBlock`, carried over.
    public var migrationBlock: MigrationBlock?
    /// The models' Swift defaults (`@Persisted var plays = 0`), by class and property, for objects the block creates.
    public var modelDefaults: [String: [String: MigrationValue]]
    /// `Realm.Configuration.deleteRealmIfMigrationNeeded`: Realm deleted the file's data instead of migrating it.
    public var deleteRealmIfMigrationNeeded: Bool
    /// Where the app's migration block is and why it was not carried over (an Objective-C block, a block that could
    /// not be read), when it has one that ``migrationBlock`` lacks: a file at an older schema version is then
    /// refused (``SchemaUpgradeError/migrationBlockNotCarried(fileVersion:appVersion:block:)``), never upgraded
    /// without the block. Set ``migrationBlock`` and remove this once the block is written in Swift.
    public var migrationBlockNotCarried: String?

    /// Creates the description of the app's Realm models.
    public init(
        schema: Schema, migrationBlock: MigrationBlock? = nil, modelDefaults: [String: [String: MigrationValue]] = [:],
        deleteRealmIfMigrationNeeded: Bool = false, migrationBlockNotCarried: String? = nil
    ) {
        self.schema = schema
        self.migrationBlock = migrationBlock
        self.modelDefaults = modelDefaults
        self.deleteRealmIfMigrationNeeded = deleteRealmIfMigrationNeeded
        self.migrationBlockNotCarried = migrationBlockNotCarried
    }
}

extension RealmSchemaUpgrade {
    /// Upgrades `file` to the app's models (see ``init(file:appSchema:modelDefaults:migrationBlock:)``).
    public convenience init(file: RealmMigrationSource, app: RealmAppModels) throws(SchemaUpgradeError) {
        try self.init(
            file: file, appSchema: app.schema, modelDefaults: app.modelDefaults,
            migrationBlock: app.migrationBlock, migrationBlockNotCarried: app.migrationBlockNotCarried)
    }
}
