/// An interface for describing a specific version of a schema: its version and models.
public protocol VersionedSchema {
    /// The version of the schema.
    static var versionIdentifier: Schema.Version { get }
    /// The models of the schema.
    static var models: [any PersistentModel.Type] { get }
}

/// An interface for describing the evolution of a schema and how to migrate between versions.
///
/// This runtime performs lightweight migration only: it adds missing tables and columns when a container opens a
/// store. Custom stages are accepted and not run.
public protocol SchemaMigrationPlan {
    /// The versioned schemas, oldest first.
    static var schemas: [any VersionedSchema.Type] { get }
    /// The migration stages between them.
    static var stages: [MigrationStage] { get }
}

/// A step in a schema migration plan.
public enum MigrationStage {
    /// A migration SwiftData performs automatically (here: new tables and columns are added).
    case lightweight(fromVersion: any VersionedSchema.Type, toVersion: any VersionedSchema.Type)
    /// A migration with closures run before and after (accepted; the closures are not run by this runtime).
    case custom(
        fromVersion: any VersionedSchema.Type, toVersion: any VersionedSchema.Type,
        willMigrate: ((ModelContext) throws -> Void)?, didMigrate: ((ModelContext) throws -> Void)?)
}
