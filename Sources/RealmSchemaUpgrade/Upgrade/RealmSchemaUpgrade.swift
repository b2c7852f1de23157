import Foundation
import MigrationEngine
import RealmMigrationSource
import RealmSchema

/// The app's migration block, as it was given to `Realm.Configuration(schemaVersion:migrationBlock:)`: called once
/// with the migration and the file's schema version.
public typealias MigrationBlock = @Sendable (Migration, UInt64) -> Void

/// A Realm file as the app's current models see it once Realm has upgraded it on open: the file's schema version
/// against the app's, Realm's automatic changes (added properties at realm-core's defaults, removed ones dropped,
/// type changes re-created, nullability), the app's own migration block run against a Realm-compatible
/// ``Migration``, then Realm's checks (primary keys unique). The file is only read: the upgrade is a view over it
/// plus what the block changed (``source``), which a migration copies and verifies against.
///
/// ```swift
/// let upgrade = try RealmSchemaUpgrade(
///     file: try RealmMigrationSource(url: realmURL), appSchema: importer.realmSchema, migrationBlock: block)
/// print(upgrade.report.classesLeftBehind)
/// try Migrator(source: upgrade.source, sink: sink).run()
/// ```
/// Follows realm-core v20.1.5's `ObjectStore::apply_schema_changes` in `SchemaMode::Automatic`, as realm-swift opens
/// a file (docs/schema-upgrade.md cites each rule).
public final class RealmSchemaUpgrade {
    /// The file's schema version; `nil` when the file never recorded one (Realm then creates the schema as for a
    /// new file, with no migration block).
    public let fileVersion: UInt64?
    /// The schema version the app declares.
    public let appVersion: UInt64
    /// The differences realm-core finds between the file's schema and the app's.
    public let changes: [SchemaChange]
    /// What the upgrade did, class by class.
    public private(set) var report: SchemaUpgradeReport

    let file: RealmMigrationSource
    /// The file's classes (SDK tables only), neutral and as the engine describes them.
    let fileSchema: Schema
    let fileClasses: [String: ClassDescription]
    /// The app's classes, neutral and as the engine describes them, in the app's order.
    let appSchema: Schema
    let appClasses: [ClassDescription]
    var plans: [String: ClassPlan]
    var overlay = UpgradeOverlay()
    /// The app models' Swift defaults, by class and property, for objects the block creates.
    let modelDefaults: [String: [String: MigrationValue]]
    /// Names a rename gave that the app's schema lacks (to be renamed again), by class: the file's field index.
    var intermediateNames: [String: [String: Int]] = [:]
    /// The renames the block made, by class (`from → to`).
    var renamed: [String: [String]] = [:]
    /// The next key for an object the block creates, by class.
    var nextKeys: [String: Int64] = [:]
    /// The link and backlink changes the block made, by target class and key.
    var inverseChanges: [String: [Int64: [RelationshipKey: InverseChange]]] = [:]
    /// Per class, the incoming relationships the view keeps (see ``relationshipsByTarget()``), fixed once the
    /// block has run.
    private(set) var incomingRelationships: [String: [RelationshipKey: String]] = [:]
    /// The classes whose incoming links, as the file records them, the view drops or renames.
    private(set) var incomingChanged: Set<String> = []

    /// Checks the versions and schemas as Realm does on open, then runs the migration block when Realm would.
    /// - Parameters:
    ///   - file: The Realm file, read only.
    ///   - appSchema: The app's Realm models (its classes, and `version` its `schemaVersion`; `nil` reads as 0).
    ///   - modelDefaults: The app models' Swift defaults (`@Persisted var plays = 0`) by class and property, which
    ///     objects the block creates take where `create(_:value:)` gives no value.
    ///   - migrationBlock: The app's `migrationBlock`, if it has one.
    ///   - migrationBlockNotCarried: Where the app's block is and why it was not carried over, when it has one that
    ///     `migrationBlock` lacks: a file at an older version is refused rather than upgraded without it.
    /// - Throws: ``SchemaUpgradeError``: the file is newer than the app, the schema changed without a version bump,
    ///   the file is older and the app's block was not carried over, the block did something Realm refuses, or
    ///   primary keys are not unique afterwards.
    public init(
        file: RealmMigrationSource, appSchema: Schema, modelDefaults: [String: [String: MigrationValue]] = [:],
        migrationBlock: MigrationBlock? = nil, migrationBlockNotCarried: String? = nil
    ) throws(SchemaUpgradeError) {
        self.file = file
        self.modelDefaults = modelDefaults
        let fileSchema = Self.sdkSchema(of: file)
        let sdkClasses = Set(fileSchema.objectTypes.map(\.name))
        self.fileSchema = fileSchema
        self.appSchema = appSchema
        fileVersion = fileSchema.version
        appVersion = appSchema.version ?? 0
        changes = SchemaChange.changes(from: fileSchema, to: appSchema)
        let engineSchema: MigrationSchema
        do { engineSchema = try file.schema() } catch { throw .unreadable(String(describing: error)) }
        fileClasses = Dictionary(
            engineSchema.classes.filter { sdkClasses.contains($0.name) }.map { ($0.name, $0) },
            uniquingKeysWith: { first, _ in first })
        appClasses = appSchema.objectTypes.map { ClassDescription(realmClass: $0) }
        var plans: [String: ClassPlan] = [:]
        for cls in appClasses { plans[cls.name] = ClassPlan(target: cls, old: fileClasses[cls.name]) }
        self.plans = plans
        report = SchemaUpgradeReport(fileVersion: fileVersion, appVersion: appVersion)

        if let fileVersion {
            if fileVersion > appVersion { throw .fileNewerThanApp(fileVersion: fileVersion, appVersion: appVersion) }
            let needed = changes.filter(\.needsMigration)
            if fileVersion == appVersion, !needed.isEmpty {
                throw .migrationRequired(
                    fileVersion: fileVersion, appVersion: appVersion, changes: needed.map(\.realmMessage))
            }
            if fileVersion < appVersion, migrationBlock == nil, let missing = migrationBlockNotCarried {
                throw .migrationBlockNotCarried(fileVersion: fileVersion, appVersion: appVersion, block: missing)
            }
            if fileVersion < appVersion, let migrationBlock, appVersion > 0 {
                try run(migrationBlock, oldSchemaVersion: fileVersion)
            }
        }
        incomingRelationships = relationshipsByTarget()
        incomingChanged = Set(
            appClasses.map(\.name).filter {
                changesIncomingLinks(into: $0, carried: incomingRelationships[$0] ?? [:])
            })
        try recordInverseChanges()
        try convertToEmbedded()
        try recordInverseChanges()
        try checkPrimaryKeys()
        report = try makeReport()
    }

    /// Whether Realm finds a migration needed when the app opens `file` (and `deleteRealmIfMigrationNeeded` then
    /// deletes it): the file recorded a version and it differs from the app's, up or down, or a change needs a
    /// migration.
    public static func migrationNeeded(file: RealmMigrationSource, appSchema: Schema) -> Bool {
        let fileSchema = sdkSchema(of: file)
        guard let fileVersion = fileSchema.version else { return false }
        return fileVersion != (appSchema.version ?? 0)
            || SchemaChange.changes(from: fileSchema, to: appSchema).contains(where: \.needsMigration)
    }

    /// The file's schema as an SDK reads it: the `class_` tables, with the file's schema version.
    private static func sdkSchema(of file: RealmMigrationSource) -> Schema {
        let sdkClasses = Set(file.realm.tables.compactMap(\.className))
        return Schema(
            version: file.realm.schema.version,
            objectTypes: file.realm.schema.objectTypes.filter { sdkClasses.contains($0.name) })
    }

    /// The upgraded view as a migration source: the app's classes in the app's order, each object with its key in
    /// the file (objects the block created after the file's last key), values as the app's schema holds them, and
    /// incoming links that mirror the upgraded links.
    public var source: SchemaUpgradeSource { SchemaUpgradeSource(self) }

    private func run(_ block: MigrationBlock, oldSchemaVersion: UInt64) throws(SchemaUpgradeError) {
        let migration = Migration(self)
        block(migration, oldSchemaVersion)
        report.ranMigrationBlock = true
        if let failure = migration.failure { throw failure }
        try finishRenames()
    }
}
