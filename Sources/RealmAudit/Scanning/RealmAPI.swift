/// Every Realm API the audit recognises: its category, its SwiftData / Swift-concurrency equivalent, the effort of
/// replacing it and what in Carryover converts it. The raw value is the API as Realm's documentation names it.
enum RealmAPI: String, CaseIterable, Sendable {
    // model
    case objectSubclass = "Object subclass"
    case embeddedObjectSubclass = "EmbeddedObject subclass"
    case asymmetricObjectSubclass = "AsymmetricObject subclass"
    case modelSubclass = "subclass of a model class"
    case persisted = "@Persisted"
    case objcDynamic = "@objc dynamic"
    case list = "List"
    case mutableSet = "MutableSet"
    case map = "Map"
    case linkingObjects = "LinkingObjects"
    case realmProperty = "RealmProperty"
    case realmOptional = "RealmOptional"
    // query
    case objects = "objects(_:)"
    case objectForPrimaryKey = "object(ofType:forPrimaryKey:)"
    case filter = "filter(_:)"
    case whereQuery = "where(_:)"
    case sortedByKeyPath = "sorted(byKeyPath:ascending:)"
    case sortedBy = "sorted(by:)"
    case distinct = "distinct(by:)"
    case resultsType = "Results"
    // write
    case write = "write(_:)"
    case writeAsync = "writeAsync(_:onComplete:)"
    case asyncWrite = "asyncWrite(_:)"
    case beginWrite = "beginWrite()"
    case commitWrite = "commitWrite()"
    case cancelWrite = "cancelWrite()"
    case add = "add(_:update:)"
    case create = "create(_:value:update:)"
    case delete = "delete(_:)"
    case deleteAll = "deleteAll()"
    case boundCollectionWrite = "$results.append / remove / move"
    // observation
    case observe = "observe(_:)"
    case notificationToken = "NotificationToken"
    case collectionPublisher = "collectionPublisher"
    case changesetPublisher = "changesetPublisher"
    case valuePublisher = "valuePublisher(_:)"
    case objectWillChange = "objectWillChange"
    case addNotificationBlock = "addNotificationBlock(_:)"
    case invalidateToken = "NotificationToken.invalidate()"
    case refresh = "refresh()"
    case invalidateRealm = "Realm.invalidate()"
    // swiftui
    case observedResults = "@ObservedResults"
    case observedSectionedResults = "@ObservedSectionedResults"
    case observedRealmObject = "@ObservedRealmObject"
    case stateRealmObject = "@StateRealmObject"
    case realmEnvironment = "environment(\\.realm)"
    case realmConfigurationEnvironment = "environment(\\.realmConfiguration)"
    // threading
    case threadSafeReference = "ThreadSafeReference"
    case resolve = "resolve(_:)"
    case freeze = "freeze()"
    case thaw = "thaw()"
    case isFrozen = "isFrozen"
    case threadSafe = "@ThreadSafe"
    case realmQueue = "Realm(queue:)"
    case realmActor = "Realm(actor:)"
    case asyncOpen = "Realm.asyncOpen"
    case realmInDispatchAsync = "Realm() inside DispatchQueue.async"
    // configuration
    case configuration = "Realm.Configuration"
    case defaultConfiguration = "Realm.Configuration.defaultConfiguration"
    case fileURL = "fileURL"
    case inMemoryIdentifier = "inMemoryIdentifier"
    case objectTypes = "objectTypes"
    case readOnly = "readOnly"
    case shouldCompactOnLaunch = "shouldCompactOnLaunch"
    // schema-migration
    case schemaVersion = "schemaVersion"
    case migrationBlock = "migrationBlock"
    case enumerateObjects = "enumerateObjects(ofType:_:)"
    case renameProperty = "renameProperty(onType:from:to:)"
    case deleteData = "deleteData(forType:)"
    case migrationChange = "Migration.create(_:value:) / delete(_:)"
    case deleteRealmIfMigrationNeeded = "deleteRealmIfMigrationNeeded"
    // sync
    case app = "App(id:)"
    case syncConfiguration = "SyncConfiguration"
    case flexibleSyncConfiguration = "flexibleSyncConfiguration()"
    case partitionConfiguration = "configuration(partitionValue:)"
    case subscriptions = "subscriptions"
    case syncSession = "SyncSession"
    case login = "login(credentials:)"
    case functions = "functions"
    case currentUser = "currentUser"
    case logOut = "logOut()"
    case syncManager = "syncManager"
    case autoOpen = "@AutoOpen"
    case asyncOpenWrapper = "@AsyncOpen"
    // encryption
    case encryptionKey = "encryptionKey"
    // realm-open
    case realmInit = "Realm()"
    case realmConfigurationInit = "Realm(configuration:)"
    case realmFileURLInit = "Realm(fileURL:)"

    /// The category, effort and conversion of the API (the equivalent is in `RealmAPI+Equivalents.swift`).
    var category: RealmAuditCategory {
        switch self {
        case .objectSubclass, .embeddedObjectSubclass, .asymmetricObjectSubclass, .modelSubclass, .persisted,
            .objcDynamic, .list, .mutableSet, .map, .linkingObjects, .realmProperty, .realmOptional:
            .model
        case .objects, .objectForPrimaryKey, .filter, .whereQuery, .sortedByKeyPath, .sortedBy, .distinct,
            .resultsType:
            .query
        case .write, .writeAsync, .asyncWrite, .beginWrite, .commitWrite, .cancelWrite, .add, .create, .delete,
            .deleteAll, .boundCollectionWrite:
            .write
        case .observe, .notificationToken, .collectionPublisher, .changesetPublisher, .valuePublisher,
            .objectWillChange, .addNotificationBlock, .invalidateToken, .refresh, .invalidateRealm:
            .observation
        case .observedResults, .observedSectionedResults, .observedRealmObject, .stateRealmObject,
            .realmEnvironment, .realmConfigurationEnvironment:
            .swiftui
        case .threadSafeReference, .resolve, .freeze, .thaw, .isFrozen, .threadSafe, .realmQueue, .realmActor,
            .asyncOpen, .realmInDispatchAsync:
            .threading
        case .configuration, .defaultConfiguration, .fileURL, .inMemoryIdentifier, .objectTypes, .readOnly,
            .shouldCompactOnLaunch:
            .configuration
        case .schemaVersion, .migrationBlock, .enumerateObjects, .renameProperty, .deleteData, .migrationChange,
            .deleteRealmIfMigrationNeeded:
            .schemaMigration
        case .app, .syncConfiguration, .flexibleSyncConfiguration, .partitionConfiguration, .subscriptions,
            .syncSession, .login, .functions, .currentUser, .logOut, .syncManager, .autoOpen, .asyncOpenWrapper:
            .sync
        case .encryptionKey: .encryption
        case .realmInit, .realmConfigurationInit, .realmFileURLInit: .realmOpen
        }
    }

    var effort: RealmAuditEffort {
        switch self {
        case .asymmetricObjectSubclass, .encryptionKey,
            .changesetPublisher, .subscriptions, .syncSession, .login, .functions, .currentUser, .logOut, .syncManager,
            .partitionConfiguration,
            .flexibleSyncConfiguration, .syncConfiguration, .app, .autoOpen, .asyncOpenWrapper:
            .hard
        case .modelSubclass, .filter, .whereQuery, .distinct, .writeAsync, .asyncWrite, .create, .observe,
            .notificationToken, .collectionPublisher, .valuePublisher, .objectWillChange, .observedSectionedResults,
            .addNotificationBlock,
            .threadSafeReference, .resolve, .freeze, .thaw, .threadSafe, .realmQueue, .realmActor, .asyncOpen,
            .realmInDispatchAsync, .schemaVersion, .deleteRealmIfMigrationNeeded, .migrationBlock, .enumerateObjects,
            .deleteData, .migrationChange:
            .moderate
        default:
            .trivial
        }
    }

    var conversion: RealmAuditConversion {
        switch self {
        case .objectSubclass, .embeddedObjectSubclass, .modelSubclass, .persisted, .objcDynamic, .list, .mutableSet,
            .map, .linkingObjects, .realmProperty, .realmOptional, .schemaVersion, .defaultConfiguration:
            .modelsCommand
        case .objects, .objectForPrimaryKey, .filter, .whereQuery, .sortedByKeyPath, .sortedBy, .distinct:
            .queryConversion
        case .threadSafeReference, .resolve, .freeze, .thaw, .threadSafe, .realmQueue, .realmInDispatchAsync:
            .actorDraft
        case .app, .syncConfiguration, .flexibleSyncConfiguration, .partitionConfiguration:
            .cloudKitModels
        case .encryptionKey, .fileURL:
            .inAppMigration
        case .migrationBlock, .enumerateObjects, .renameProperty, .deleteData, .migrationChange,
            .deleteRealmIfMigrationNeeded:
            .carriedSchemaUpgrade
        default:
            .byHand
        }
    }
}
