/// Realm's Objective-C API as the audit reads it: for a receiver's kind and a selector, the RealmSwift API it
/// corresponds to (its category, effort, equivalent and conversion), the name Realm's Objective-C documentation gives
/// it, and what the message returns.
struct ObjectiveCRealmSelector: Sendable {
    /// The corresponding API (category, effort, equivalent, conversion).
    var api: RealmAPI
    /// The API as Realm's Objective-C documentation names it: `+[RLMRealm defaultRealm]`.
    var name: String
    /// The value the message returns.
    var result: ObjectiveCRealmValue
    /// The effort, when it differs from `api`'s (an upsert is more work than an insert).
    var effort: RealmAuditEffort? = nil
    /// Whether it is a step of a query chain (converted by the query conversion).
    var isQueryStep: Bool = false

    /// Which receivers a selector belongs to.
    enum Receiver: Sendable, Hashable {
        case realmClass, realm, modelClass, results, configurationClass, configuration, migration, token
        case threadSafeReferenceClass
    }

    /// The receiver kind of a value, when its messages can be Realm's.
    static func receiver(of value: ObjectiveCRealmValue) -> Receiver? {
        switch value {
        case .realmClass: .realmClass
        case .realm: .realm
        case .modelClass: .modelClass
        case .results: .results
        case .configurationClass: .configurationClass
        case .configuration: .configuration
        case .migration: .migration
        case .notificationToken: .token
        case .threadSafeReferenceClass: .threadSafeReferenceClass
        case .model, .notRealm, .unknown: nil
        }
    }

    /// The selector sent to a receiver of kind `receiver`, if it is Realm's.
    static func lookup(_ selector: String, on receiver: Receiver, elementClass: String?) -> Self? {
        let results = ObjectiveCRealmValue.results(elementClass: elementClass)
        switch receiver {
        case .realmClass:
            switch selector {
            case "defaultRealm": return .init(api: .realmInit, name: "+[RLMRealm defaultRealm]", result: .realm)
            case "realmWithConfiguration:error:", "realmWithConfiguration:":
                return .init(
                    api: .realmConfigurationInit, name: "+[RLMRealm realmWithConfiguration:error:]", result: .realm)
            case "realmWithURL:", "realmWithPath:", "realmWithPath:readOnly:error:", "realmWithURL:readOnly:error:":
                return .init(api: .realmFileURLInit, name: "+[RLMRealm \(selector)]", result: .realm)
            case "inMemoryRealmWithIdentifier:":
                return .init(api: .inMemoryIdentifier, name: "+[RLMRealm inMemoryRealmWithIdentifier:]", result: .realm)
            case "asyncOpenWithConfiguration:callbackQueue:callback:":
                return .init(api: .asyncOpen, name: "+[RLMRealm \(selector)]", result: .unknown)
            case "setSchemaVersion:forRealmAtPath:withMigrationBlock:",
                "setDefaultRealmSchemaVersion:withMigrationBlock:",
                "setSchemaVersion:withMigrationBlock:":
                return .init(api: .migrationBlock, name: "+[RLMRealm \(selector)]", result: .unknown)
            case "migrateRealm:", "migrateRealmAtPath:", "performMigrationForConfiguration:error:":
                return .init(api: .migrationBlock, name: "+[RLMRealm \(selector)]", result: .unknown)
            case "schemaVersionAtURL:encryptionKey:error:", "schemaVersionAtPath:error:",
                "schemaVersionAtPath:encryptionKey:error:":
                return .init(api: .schemaVersion, name: "+[RLMRealm \(selector)]", result: .unknown)
            case "resetRealmState", "deleteFilesForConfiguration:error:":
                return .init(api: .deleteRealmIfMigrationNeeded, name: "+[RLMRealm \(selector)]", result: .unknown)
            default: return nil
            }
        case .realm:
            switch selector {
            case "beginWriteTransaction":
                return .init(api: .beginWrite, name: "-[RLMRealm beginWriteTransaction]", result: .unknown)
            case "commitWriteTransaction", "commitWriteTransaction:", "commitWriteTransactionWithoutNotifying:error:":
                return .init(api: .commitWrite, name: "-[RLMRealm \(selector)]", result: .unknown)
            case "cancelWriteTransaction":
                return .init(api: .cancelWrite, name: "-[RLMRealm cancelWriteTransaction]", result: .unknown)
            case "transactionWithBlock:", "transactionWithBlock:error:", "transactionWithoutNotifying:block:",
                "transactionWithoutNotifying:block:error:":
                return .init(api: .write, name: "-[RLMRealm \(selector)]", result: .unknown)
            case "beginAsyncWriteTransaction:", "asyncTransactionWithBlock:", "asyncTransactionWithBlock:onComplete:":
                return .init(api: .writeAsync, name: "-[RLMRealm \(selector)]", result: .unknown)
            case "addObject:", "addObjects:": return .init(api: .add, name: "-[RLMRealm \(selector)]", result: .unknown)
            case "addOrUpdateObject:", "addOrUpdateObjects:", "addOrUpdateObjectsFromArray:":
                return .init(api: .add, name: "-[RLMRealm \(selector)]", result: .unknown, effort: .moderate)
            case "deleteObject:", "deleteObjects:":
                return .init(api: .delete, name: "-[RLMRealm \(selector)]", result: .unknown)
            case "deleteAllObjects":
                return .init(api: .deleteAll, name: "-[RLMRealm deleteAllObjects]", result: .unknown)
            case "addNotificationBlock:":
                return .init(
                    api: .addNotificationBlock, name: "-[RLMRealm addNotificationBlock:]", result: .notificationToken)
            case "removeNotification:":
                return .init(api: .invalidateToken, name: "-[RLMRealm removeNotification:]", result: .unknown)
            case "refresh": return .init(api: .refresh, name: "-[RLMRealm refresh]", result: .unknown)
            case "invalidate": return .init(api: .invalidateRealm, name: "-[RLMRealm invalidate]", result: .unknown)
            case "resolveThreadSafeReference:":
                return .init(api: .resolve, name: "-[RLMRealm resolveThreadSafeReference:]", result: .unknown)
            case "freeze": return .init(api: .freeze, name: "-[RLMRealm freeze]", result: .realm)
            case "thaw": return .init(api: .thaw, name: "-[RLMRealm thaw]", result: .realm)
            case "allObjects:":
                return .init(api: .objects, name: "-[RLMRealm allObjects:]", result: results, isQueryStep: true)
            case "objects:where:", "objects:withPredicate:":
                return .init(api: .filter, name: "-[RLMRealm \(selector)]", result: results, isQueryStep: true)
            case "objectWithClassName:forPrimaryKey:":
                return .init(
                    api: .objectForPrimaryKey, name: "-[RLMRealm objectWithClassName:forPrimaryKey:]", result: .unknown,
                    isQueryStep: true)
            case "writeCopyToURL:encryptionKey:error:":
                return .init(
                    api: .encryptionKey, name: "-[RLMRealm writeCopyToURL:encryptionKey:error:]", result: .unknown)
            default: return nil
            }
        case .modelClass:
            switch selector {
            case "allObjects", "allObjectsInRealm:":
                return .init(api: .objects, name: "+[RLMObject \(selector)]", result: results, isQueryStep: true)
            case "objectsWhere:", "objectsInRealm:where:", "objectsWithPredicate:", "objectsInRealm:withPredicate:":
                return .init(api: .filter, name: "+[RLMObject \(selector)]", result: results, isQueryStep: true)
            case "objectForPrimaryKey:", "objectInRealm:forPrimaryKey:":
                return .init(
                    api: .objectForPrimaryKey, name: "+[RLMObject \(selector)]", result: .unknown, isQueryStep: true)
            case "createInRealm:withValue:", "createInDefaultRealmWithValue:", "createOrUpdateInRealm:withValue:",
                "createOrUpdateInDefaultRealmWithValue:", "createOrUpdateModifiedInRealm:withValue:",
                "createOrUpdateModifiedInDefaultRealmWithValue:", "createInRealm:withObject:",
                "createOrUpdateInRealm:withObject:", "createInDefaultRealmWithObject:",
                "createOrUpdateInDefaultRealmWithObject:":
                return .init(api: .create, name: "+[RLMObject \(selector)]", result: .unknown)
            default: return nil
            }
        case .results:
            switch selector {
            case "objectsWhere:", "objectsWithPredicate:":
                return .init(api: .filter, name: "-[RLMResults \(selector)]", result: results, isQueryStep: true)
            case "sortedResultsUsingKeyPath:ascending:", "sortedResultsUsingProperty:ascending:",
                "sortedResultsUsingDescriptors:":
                return .init(
                    api: .sortedByKeyPath, name: "-[RLMResults \(selector)]", result: results, isQueryStep: true)
            case "distinctResultsUsingKeyPaths:":
                return .init(
                    api: .distinct, name: "-[RLMResults distinctResultsUsingKeyPaths:]", result: results,
                    isQueryStep: true)
            case "addNotificationBlock:", "addNotificationBlock:queue:", "addNotificationBlock:keyPaths:",
                "addNotificationBlock:keyPaths:queue:":
                return .init(api: .addNotificationBlock, name: "-[RLMResults \(selector)]", result: .notificationToken)
            case "freeze": return .init(api: .freeze, name: "-[RLMResults freeze]", result: results)
            case "thaw": return .init(api: .thaw, name: "-[RLMResults thaw]", result: results)
            default: return nil
            }
        case .configurationClass:
            switch selector {
            case "defaultConfiguration":
                return .init(
                    api: .defaultConfiguration, name: "+[RLMRealmConfiguration defaultConfiguration]",
                    result: .configuration)
            case "setDefaultConfiguration:":
                return .init(
                    api: .defaultConfiguration, name: "+[RLMRealmConfiguration setDefaultConfiguration:]",
                    result: .unknown)
            case "new", "alloc":
                return .init(api: .configuration, name: "RLMRealmConfiguration", result: .configuration)
            default: return nil
            }
        case .configuration:
            return configurationProperty(selector)
        case .migration:
            switch selector {
            case "enumerateObjects:block:":
                return .init(api: .enumerateObjects, name: "-[RLMMigration enumerateObjects:block:]", result: .unknown)
            case "renamePropertyForClass:oldName:newName:":
                return .init(
                    api: .renameProperty, name: "-[RLMMigration renamePropertyForClass:oldName:newName:]",
                    result: .unknown)
            case "deleteDataForClassName:":
                return .init(api: .deleteData, name: "-[RLMMigration deleteDataForClassName:]", result: .unknown)
            case "createObject:withValue:", "deleteObject:":
                return .init(api: .migrationChange, name: "-[RLMMigration \(selector)]", result: .unknown)
            default: return nil
            }
        case .token:
            switch selector {
            case "invalidate", "stop":
                return .init(api: .invalidateToken, name: "-[RLMNotificationToken \(selector)]", result: .unknown)
            default: return nil
            }
        case .threadSafeReferenceClass:
            switch selector {
            case "referenceWithThreadConfined:":
                return .init(
                    api: .threadSafeReference, name: "+[RLMThreadSafeReference referenceWithThreadConfined:]",
                    result: .unknown)
            default: return nil
            }
        }
    }

    /// A property of `RLMRealmConfiguration`, read or set (`config.schemaVersion = 2`, `[config setFileURL:url]`).
    static func configurationProperty(_ selector: String) -> Self? {
        var property = selector
        if property.hasPrefix("set"), property.hasSuffix(":"), property.count > 4 {
            let body = property.dropFirst(3).dropLast()
            property = body.prefix(1).lowercased() + body.dropFirst()
        }
        let api: RealmAPI
        switch property {
        case "schemaVersion": api = .schemaVersion
        case "migrationBlock": api = .migrationBlock
        case "encryptionKey": api = .encryptionKey
        case "fileURL", "path": api = .fileURL
        case "inMemoryIdentifier": api = .inMemoryIdentifier
        case "readOnly": api = .readOnly
        case "deleteRealmIfMigrationNeeded": api = .deleteRealmIfMigrationNeeded
        case "objectClasses": api = .objectTypes
        case "shouldCompactOnLaunch": api = .shouldCompactOnLaunch
        default: return nil
        }
        return .init(api: api, name: "RLMRealmConfiguration.\(property)", result: .unknown)
    }

    /// Selectors no other common API has: recognised on a receiver whose type the audit cannot see, and said so.
    static let realmOnly: [String: Receiver] = [
        "beginWriteTransaction": .realm, "commitWriteTransaction": .realm, "cancelWriteTransaction": .realm,
        "commitWriteTransaction:": .realm, "commitWriteTransactionWithoutNotifying:error:": .realm,
        "transactionWithBlock:": .realm, "transactionWithBlock:error:": .realm,
        "transactionWithoutNotifying:block:": .realm, "addOrUpdateObject:": .realm, "addOrUpdateObjects:": .realm,
        "addOrUpdateObjectsFromArray:": .realm, "deleteAllObjects": .realm, "resolveThreadSafeReference:": .realm,
        "beginAsyncWriteTransaction:": .realm, "asyncTransactionWithBlock:": .realm,
        "allObjectsInRealm:": .modelClass, "objectsInRealm:where:": .modelClass,
        "objectsInRealm:withPredicate:": .modelClass, "objectInRealm:forPrimaryKey:": .modelClass,
        "objectForPrimaryKey:": .modelClass, "createInRealm:withValue:": .modelClass,
        "createInDefaultRealmWithValue:": .modelClass, "createOrUpdateInRealm:withValue:": .modelClass,
        "createOrUpdateInDefaultRealmWithValue:": .modelClass, "createOrUpdateModifiedInRealm:withValue:": .modelClass,
        "createInRealm:withObject:": .modelClass, "createOrUpdateInRealm:withObject:": .modelClass,
        "createInDefaultRealmWithObject:": .modelClass, "createOrUpdateInDefaultRealmWithObject:": .modelClass,
        "objectsWhere:": .results, "objectsWithPredicate:": .results,
        "sortedResultsUsingKeyPath:ascending:": .results, "sortedResultsUsingProperty:ascending:": .results,
        "sortedResultsUsingDescriptors:": .results, "distinctResultsUsingKeyPaths:": .results,
        "addNotificationBlock:": .results, "enumerateObjects:block:": .migration,
        "renamePropertyForClass:oldName:newName:": .migration, "deleteDataForClassName:": .migration,
        "realmWithConfiguration:error:": .realmClass, "defaultRealm": .realmClass,
        "setDefaultConfiguration:": .configurationClass, "referenceWithThreadConfined:": .threadSafeReferenceClass,
    ]

    /// Selectors other APIs share (`addObject:` of `NSMutableArray`, `invalidate` of `NSTimer`): Realm's only on a
    /// receiver named like a Realm (`realm`, `self.realm`, `defaultRealm`, `[store realm]`; not `realmManager`),
    /// which the finding says.
    static let realmByName: [String: Receiver] = [
        "addObject:": .realm, "addObjects:": .realm, "deleteObject:": .realm, "deleteObjects:": .realm,
        "refresh": .realm, "allObjects:": .realm, "objects:where:": .realm,
    ]
}
