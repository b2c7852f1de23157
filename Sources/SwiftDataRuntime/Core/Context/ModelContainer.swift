import Foundation

/// An object that manages an app's schema and model storage configuration: it opens (creating or lightly
/// migrating) the SQLite store, and hands out contexts.
///
/// ```swift
/// let container = try ModelContainer(for: Track.self, configurations: ModelConfiguration(url: storeURL))
/// let context = ModelContext(container)
/// ```
public final class ModelContainer: Sendable {
    /// The schema that maps the models to the store.
    public let schema: Schema
    /// The configurations (this runtime stores every model in the first one given).
    public let configurations: Set<ModelConfiguration>
    let store: Store
    let allowsSave: Bool
    nonisolated(unsafe) private var _mainContext: ModelContext?

    /// Creates a container for a schema, with a migration plan and configurations.
    ///
    /// - Throws: ``SwiftDataError`` when the store cannot be opened or created.
    public convenience init(
        for givenSchema: Schema, migrationPlan: (any SchemaMigrationPlan.Type)? = nil,
        configurations: ModelConfiguration...
    ) throws {
        try self.init(for: givenSchema, migrationPlan: migrationPlan, configurations: configurations)
    }

    /// Creates a container for a schema, with a migration plan and an array of configurations.
    public init(
        for givenSchema: Schema, migrationPlan: (any SchemaMigrationPlan.Type)? = nil,
        configurations: [ModelConfiguration]
    ) throws {
        let configurations = configurations.isEmpty ? [ModelConfiguration()] : configurations
        let configuration = configurations[0]
        schema = givenSchema
        self.configurations = Set(configurations)
        allowsSave = configuration.allowsSave
        let path: String
        if configuration.isStoredInMemoryOnly {
            path = ":memory:"
        } else {
            try FileManager.default.createDirectory(
                at: configuration.url.deletingLastPathComponent(), withIntermediateDirectories: true)
            path = configuration.url.path
        }
        store = try Store(path: path, schema: givenSchema)
    }

    /// Creates a container for the given model types (and the types their relationships reach).
    public convenience init(
        for forTypes: any PersistentModel.Type..., migrationPlan: (any SchemaMigrationPlan.Type)? = nil,
        configurations: ModelConfiguration...
    ) throws {
        try self.init(for: Schema(forTypes), migrationPlan: migrationPlan, configurations: configurations)
    }

    /// The container's main-actor context, created on first use. Its `autosaveEnabled` is `true` as on Apple
    /// platforms, but nothing autosaves here (no run loop): call `save()`.
    @MainActor public var mainContext: ModelContext {
        if let context = _mainContext { return context }
        let context = ModelContext(self)
        context.autosaveEnabled = true
        _mainContext = context
        return context
    }
}
