/// What an Objective-C expression holds, as far as the audit can tell: a Realm value, a class whose class methods
/// are Realm's, another type (so its messages are not Realm's), or nothing known.
enum ObjectiveCRealmValue: Sendable, Equatable {
    /// An `RLMRealm *`.
    case realm
    /// `RLMResults`, `RLMArray`, `RLMSet` or `RLMLinkingObjects` of a class, when known.
    case results(elementClass: String?)
    /// An `RLMRealmConfiguration *`.
    case configuration
    /// An `RLMMigration *`.
    case migration
    /// An `RLMNotificationToken *`.
    case notificationToken
    /// An instance of a model class.
    case model(String)
    /// The class `RLMRealm`.
    case realmClass
    /// The class `RLMRealmConfiguration`.
    case configurationClass
    /// The class `RLMThreadSafeReference`.
    case threadSafeReferenceClass
    /// A model class (its class methods: `allObjects`, `objectsWhere:`, `createInRealm:withValue:`).
    case modelClass(String)
    /// A value or class of a type that is not Realm's (`NSMutableArray *`, `NSManagedObjectContext *`).
    case notRealm
    /// Nothing known.
    case unknown

    /// The value a variable declared with `type` holds (`RLMResults<Dog *> *` → results of `Dog`).
    static func declared(_ type: String, element: String?, models: Set<String>) -> Self {
        switch type {
        case "RLMRealm": .realm
        case "RLMResults", "RLMArray", "RLMSet", "RLMLinkingObjects", "RLMSectionedResults":
            .results(elementClass: element)
        case "RLMRealmConfiguration": .configuration
        case "RLMMigration": .migration
        case "RLMNotificationToken": .notificationToken
        case "id" where element.map { !$0.hasPrefix("RLM") } ?? false:
            // `id<CBRPersistentStoreInterface>`: the app's own protocol.
            .notRealm
        case "id", "instancetype", "__kindof", "__block", "__weak", "__strong", "typeof", "__typeof", "__typeof__":
            .unknown
        default: models.contains(type) ? .model(type) : .notRealm
        }
    }

    /// The value of a class name used as a receiver (`RLMRealm`, a model class), or `nil` when the name is no
    /// class the audit knows.
    static func className(_ name: String, models: Set<String>) -> Self? {
        switch name {
        case "RLMRealm": .realmClass
        case "RLMRealmConfiguration": .configurationClass
        case "RLMThreadSafeReference": .threadSafeReferenceClass
        default: models.contains(name) ? .modelClass(name) : nil
        }
    }

    /// Whether it is a Realm collection (its queries continue a chain).
    var isResults: Bool {
        if case .results = self { return true }
        return false
    }
}
