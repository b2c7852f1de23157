extension RealmAPI {
    /// What replaces the API in SwiftData or Swift concurrency, in one sentence.
    var equivalent: String {
        switch self {
        case .objectSubclass: "@Model final class with an explicit init"
        case .embeddedObjectSubclass: "a Codable struct stored inline in its parent @Model"
        case .asymmetricObjectSubclass:
            "no equivalent (Data Ingest is a Device Sync feature): send the data to your backend"
        case .modelSubclass: "a flat @Model class holding the inherited properties (SwiftData inheritance needs iOS 26)"
        case .persisted: "a stored property of the @Model class (@Attribute(.unique) for a primary key)"
        case .objcDynamic: "a stored property of the @Model class"
        case .list: "a to-many @Relationship ([T]), or [T] of values"
        case .mutableSet: "[T] (SwiftData has no set; uniqueness is yours to keep)"
        case .map: "[String: T] of values, or an entry @Model for links"
        case .linkingObjects: "the inverse of a @Relationship (@Relationship(inverse:))"
        case .realmProperty, .realmOptional: "an optional stored property (T?)"
        case .objects: "context.fetch(FetchDescriptor<T>()), or @Query in a SwiftUI view"
        case .objectForPrimaryKey:
            "a FetchDescriptor<T> with #Predicate { $0.id == key } and fetchLimit 1 (or context.model(for:) by PersistentIdentifier)"
        case .filter: "#Predicate in a FetchDescriptor (the NSPredicate string, re-expressed)"
        case .whereQuery: "#Predicate in a FetchDescriptor"
        case .sortedByKeyPath, .sortedBy: "SortDescriptor(\\T.property, order:) in FetchDescriptor.sortBy"
        case .distinct: "no FetchDescriptor equivalent: fetch, then keep the first of each value in Swift"
        case .resultsType: "[T] from context.fetch, or @Query in a view (results are no longer live)"
        case .write: "change the models in a ModelContext, then try context.save() (or context.transaction { })"
        case .writeAsync, .asyncWrite: "a @ModelActor method that changes its context and saves"
        case .beginWrite: "change the models in a ModelContext (a transaction begins implicitly)"
        case .commitWrite: "try context.save()"
        case .cancelWrite: "context.rollback()"
        case .add: "context.insert(_:) (an upsert through @Attribute(.unique) with update: .modified)"
        case .create: "the model's init, then context.insert(_:)"
        case .delete: "context.delete(_:) for each model, or try context.delete(model:where:)"
        case .deleteAll: "try context.delete(model: T.self) for each model type"
        case .boundCollectionWrite:
            "modelContext.insert(_:) / modelContext.delete(_:) with @Environment(\\.modelContext)"
        case .observe:
            "@Query in SwiftUI; elsewhere Observation (withObservationTracking) or ModelContext.didSave notifications (no change sets)"
        case .notificationToken: "keep the Task or AnyCancellable of the observation instead"
        case .addNotificationBlock:
            "the pre-2.0 observe(_:): observe ModelContext.didSave or use @Query, as for observe(_:)"
        case .invalidateToken: "cancel the Task or AnyCancellable of the observation"
        case .refresh: "nothing: a ModelContext reads the store when it fetches"
        case .invalidateRealm: "nothing: let the ModelContext go (its models with it) when its work is done"
        case .collectionPublisher, .valuePublisher, .objectWillChange:
            "Observation on the @Model (withObservationTracking, or Observations on iOS 26) or a ModelContext.didSave publisher"
        case .changesetPublisher: "no change-set equivalent: diff the fetched arrays yourself"
        case .observedResults: "@Query(filter:sort:) in the view"
        case .observedSectionedResults: "@Query, then group the results into sections in the view"
        case .observedRealmObject: "a plain property of the @Model type (@Bindable for bindings)"
        case .stateRealmObject: "@State holding a new model, inserted into the context when kept"
        case .realmEnvironment, .realmConfigurationEnvironment: ".modelContainer(_:) / @Environment(\\.modelContext)"
        case .threadSafeReference, .threadSafe: "pass model.persistentModelID and fetch with context.model(for:)"
        case .resolve: "context.model(for: persistentIdentifier) in the receiving actor's context"
        case .freeze: "pass the PersistentIdentifier (or copy the values into a Sendable struct)"
        case .thaw: "context.model(for: persistentIdentifier)"
        case .isFrozen:
            "nothing: a model is never frozen (pass its PersistentIdentifier to other actors); drop the check"
        case .realmQueue, .realmActor: "a @ModelActor actor: its ModelContext runs on the actor's serial executor"
        case .asyncOpen: "ModelContainer(for:configurations:) (opening is synchronous; nothing to download)"
        case .realmInDispatchAsync: "a @ModelActor actor method called with await (the guide's SwiftDataManager)"
        case .configuration: "ModelConfiguration in ModelContainer(for:configurations:)"
        case .defaultConfiguration: "the app's one ModelContainer (generated SchemaV1.swift: makeModelContainer())"
        case .fileURL: "ModelConfiguration(url:); the Realm file's URL is the in-app migration's input"
        case .inMemoryIdentifier: "ModelConfiguration(isStoredInMemoryOnly: true)"
        case .objectTypes: "Schema([T.self, …]) / ModelContainer(for: T.self, …)"
        case .readOnly: "ModelConfiguration(allowsSave: false)"
        case .shouldCompactOnLaunch: "nothing: SQLite reuses freed pages, and SwiftData has no compaction setting"
        case .schemaVersion: "VersionedSchema.versionIdentifier (generated SchemaV1.swift) and a SchemaMigrationPlan"
        case .migrationBlock:
            "carried as written into RealmSchemaUpgrade.swift: the in-app migration runs it on files at an older "
                + "version, as Realm would on open (review what ConversionReport.md lists as not carried); later "
                + "SwiftData changes: MigrationStage.custom in a SchemaMigrationPlan"
        case .enumerateObjects:
            "carried: runs in RealmSchemaUpgrade.swift against Carryover's Migration API; in a later SwiftData "
                + "version, fetch the models in a custom MigrationStage's didMigrate"
        case .renameProperty:
            "carried: Carryover's Migration API renames it; in a later SwiftData version @Attribute(originalName:)"
        case .deleteData:
            "carried: Carryover's Migration API drops the class's objects; later a custom MigrationStage deletes them"
        case .migrationChange:
            "carried: Carryover's Migration API creates and deletes the objects; later a custom MigrationStage's "
                + "didMigrate"
        case .deleteRealmIfMigrationNeeded:
            "carried: where Realm would have deleted the file the in-app migration migrates nothing (reported); "
                + "SwiftData has no equivalent: catch the ModelContainer init error and recreate the store"
        case .app, .syncConfiguration, .flexibleSyncConfiguration, .partitionConfiguration:
            "CloudKit: ModelConfiguration(cloudKitDatabase: .private(\"iCloud.…\")) with CloudKit-compatible models"
        case .subscriptions:
            "no equivalent: CloudKit syncs the whole private database (no per-query subscriptions); filter locally"
        case .syncSession:
            "no equivalent: CloudKit syncs on its own (NSPersistentCloudKitContainer.eventChangedNotification reports it)"
        case .login, .logOut, .currentUser:
            "no login: CloudKit uses the device's iCloud account (check CKContainer.accountStatus())"
        case .syncManager:
            "no equivalent: CloudKit sync errors arrive as NSPersistentCloudKitContainer.eventChangedNotification events"
        case .functions: "no equivalent: server functions move to your own backend (or CloudKit Web Services)"
        case .autoOpen, .asyncOpenWrapper: ".modelContainer(_:) on the scene (nothing to download before opening)"
        case .encryptionKey:
            "no SwiftData encryption: file protection (NSFileProtectionComplete) or encrypting fields yourself; the in-app migration reads the encrypted file with this key"
        case .realmInit:
            "ModelContext(container) (or @Environment(\\.modelContext) in a view, mainContext on the main actor)"
        case .realmConfigurationInit: "ModelContainer(for:configurations:) with a ModelConfiguration"
        case .realmFileURLInit: "ModelContainer with ModelConfiguration(url:)"
        }
    }
}
