import Foundation

/// A type that describes the configuration of an app's schema or specific group of models: where the store lives
/// and whether it may be saved.
///
/// Without a `url`, the store is `<temporary directory>/SwiftDataRuntime/<name>.store` (`default.store`): this
/// runtime never writes to the user's Application Support folder.
public struct ModelConfiguration: Sendable, Hashable {
    /// A type that describes the possible CloudKit discovery approaches (no sync in this runtime; recorded only).
    public struct CloudKitDatabase: Sendable {
        let name: String

        /// Syncs if the app's entitlements allow it.
        public static var automatic: CloudKitDatabase { CloudKitDatabase(name: "automatic") }
        /// Never syncs.
        public static var none: CloudKitDatabase { CloudKitDatabase(name: "none") }
        /// Syncs with the named private database.
        public static func `private`(_ privateDBName: String) -> CloudKitDatabase {
            CloudKitDatabase(name: "private:\(privateDBName)")
        }
    }

    /// A type that describes the possible group container discovery approaches (recorded only).
    public struct GroupContainer: Sendable {
        let name: String

        /// The app's first group container, if any.
        public static var automatic: GroupContainer { GroupContainer(name: "automatic") }
        /// No group container.
        public static var none: GroupContainer { GroupContainer(name: "none") }
        /// The named group container.
        public static func identifier(_ groupName: String) -> GroupContainer {
            GroupContainer(name: "identifier:\(groupName)")
        }
    }

    /// The configuration's name.
    public let name: String
    /// The schema the configuration applies to, if given.
    public let schema: Schema?
    /// The location of the store file.
    public let url: URL
    /// Whether the store lives in memory only.
    public let isStoredInMemoryOnly: Bool
    /// Whether contexts may save to the store.
    public let allowsSave: Bool
    /// The group container.
    public let groupContainer: GroupContainer
    /// The CloudKit database.
    public let cloudKitDatabase: CloudKitDatabase

    /// Creates a configuration with a store in the default location, or in memory.
    public init(
        _ name: String? = nil, schema: Schema? = nil, isStoredInMemoryOnly: Bool = false, allowsSave: Bool = true,
        groupContainer: GroupContainer = .automatic, cloudKitDatabase: CloudKitDatabase = .automatic
    ) {
        let name = name ?? "default"
        self.name = name
        self.schema = schema
        self.url = FileManager.default.temporaryDirectory.appendingPathComponent("SwiftDataRuntime")
            .appendingPathComponent("\(name).store")
        self.isStoredInMemoryOnly = isStoredInMemoryOnly
        self.allowsSave = allowsSave
        self.groupContainer = groupContainer
        self.cloudKitDatabase = cloudKitDatabase
    }

    /// Creates a configuration with a store at `url`.
    public init(
        _ name: String? = nil, schema: Schema? = nil, url: URL, allowsSave: Bool = true,
        cloudKitDatabase: CloudKitDatabase = .automatic
    ) {
        self.name = name ?? url.deletingPathExtension().lastPathComponent
        self.schema = schema
        self.url = url
        self.isStoredInMemoryOnly = false
        self.allowsSave = allowsSave
        self.groupContainer = .automatic
        self.cloudKitDatabase = cloudKitDatabase
    }

    /// Configurations are equal when they name the same store with the same options.
    public static func == (lhs: ModelConfiguration, rhs: ModelConfiguration) -> Bool {
        lhs.name == rhs.name && lhs.url == rhs.url && lhs.isStoredInMemoryOnly == rhs.isStoredInMemoryOnly
            && lhs.allowsSave == rhs.allowsSave
    }

    /// Hashes the name and location.
    public func hash(into hasher: inout Hasher) {
        hasher.combine(name)
        hasher.combine(url)
    }
}
