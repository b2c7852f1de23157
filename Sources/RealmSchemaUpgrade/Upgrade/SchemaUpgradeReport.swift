/// What a schema upgrade did, class by class: Codable, so a migration report can carry it.
public struct SchemaUpgradeReport: Sendable, Hashable, Codable {
    /// The file's schema version (`nil`: never set).
    public var fileVersion: UInt64?
    /// The app's schema version.
    public var appVersion: UInt64
    /// Whether the app's migration block ran (Realm runs it when the file is older and the app's version is not 0).
    public var ranMigrationBlock = false
    /// The upgrade of each of the app's classes, in the app's order.
    public var classes: [ClassUpgrade] = []
    /// The file's classes the app no longer declares: Realm keeps their tables in the file, invisible to the app,
    /// so their objects are not migrated.
    public var classesLeftBehind: [LeftBehindClass] = []
    /// The file's classes the app no longer declares whose table the block deleted (`deleteData(forType:)`).
    public var classesDeleted: [String] = []

    /// One class of the app's schema.
    public struct ClassUpgrade: Sendable, Hashable, Codable {
        /// The class.
        public var className: String
        /// Whether the file has no such class (its table is new).
        public var isNew: Bool
        /// Properties the app adds, at Realm's defaults unless the block set them.
        public var addedProperties: [String] = []
        /// Properties of the file the app dropped (readable by the block only).
        public var droppedProperties: [String] = []
        /// Properties whose values start again from Realm's defaults: type changed, or optional made required.
        public var resetProperties: [String] = []
        /// Renames the block made, `from → to`.
        public var renamedProperties: [String] = []
        /// Objects of the file the view keeps.
        public var objectsKept: Int = 0
        /// Objects the block created.
        public var objectsCreated: Int = 0
        /// Objects of the file the block deleted (or `deleteData` removed).
        public var objectsDeleted: Int = 0
        /// Objects whose values the block changed.
        public var objectsChanged: Int = 0
    }

    /// A class of the file the app no longer declares.
    public struct LeftBehindClass: Sendable, Hashable, Codable {
        /// The class.
        public var className: String
        /// Its objects in the file.
        public var objectCount: Int

        /// Creates the description of a class left behind.
        public init(className: String, objectCount: Int) {
            self.className = className
            self.objectCount = objectCount
        }
    }

    /// Whether the upgrade changed nothing: same version, same schema.
    public var isUnchanged: Bool {
        fileVersion == appVersion && classesLeftBehind.isEmpty && classesDeleted.isEmpty
            && classes.allSatisfy {
                !$0.isNew && $0.addedProperties.isEmpty && $0.droppedProperties.isEmpty && $0.resetProperties.isEmpty
            }
    }
}
