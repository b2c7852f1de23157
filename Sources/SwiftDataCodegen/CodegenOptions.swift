import RealmSchema

/// How to generate SwiftData models from a Realm schema.
public struct CodegenOptions: Sendable, Hashable {
    /// The oldest iOS the app supports: decides between `@Attribute(.unique)` and `#Unique`, and whether indexes
    /// can be declared at all (`#Index` needs iOS 18).
    public enum MinimumIOS: Int, Sendable, Hashable, Codable, CaseIterable {
        case iOS17 = 17
        case iOS18 = 18
    }

    /// What the data says about a `List`/`MutableSet` of objects: how many parents an element has.
    public enum ListUsage: String, Sendable, Hashable, Codable {
        /// Every element is in at most one parent's list: the inverse can be an optional to-one.
        case oneToMany
        /// Some element is in several parents' lists (or in one list twice): the inverse must be to-many.
        case manyToMany
    }

    /// The oldest iOS the generated code must build for.
    public var minimumIOS: MinimumIOS
    /// Whether to generate CloudKit-compatible models.
    public var cloudKit: Bool
    /// Class renames, Realm name → SwiftData name (`RealmTrack` → `Track`); applied before `stripPrefix`.
    public var renames: [String: String]
    /// A prefix removed from class names that have no explicit rename (`Realm` turns `RealmAlbum` into `Album`).
    public var stripPrefix: String?
    /// Delete rules chosen by the user, keyed `RealmClass.property`; they win over source annotations.
    public var deleteRules: [String: DeleteRule]
    /// What data says about lists of objects, keyed `RealmClass.property` (from a `.realm` file).
    public var listUsage: [String: ListUsage]
    /// `Decimal128` properties whose stored values Foundation's `Decimal` cannot all hold (NaN, infinities,
    /// exponents beyond −128…127, −0), keyed `RealmClass.property`, with the evidence (from a `.realm` file). They are
    /// generated as `String`, holding each value's text (`1E+6000`, `NaN`), so that nothing is lost.
    public var decimalsStoredAsText: [String: String] = [:]
    /// `Float`, `Double` and `AnyRealmValue` properties (single values or collections) whose stored values include
    /// NaN, keyed `RealmClass.property`, with the evidence (from a `.realm` file). SwiftData's SQLite store keeps a
    /// NaN as NULL, so they are generated optional (`Float?`, `[Double?]`; `MixedValue` has `.null`) and the
    /// importer writes each NaN as `nil` (reported): the value the device would read back anyway, never a fetch that
    /// fails on it.
    public var valuesHoldingNaN: [String: String] = [:]

    /// Creates options; the defaults target iOS 17 without CloudKit and keep every name.
    public init(
        minimumIOS: MinimumIOS = .iOS17, cloudKit: Bool = false, renames: [String: String] = [:],
        stripPrefix: String? = nil, deleteRules: [String: DeleteRule] = [:], listUsage: [String: ListUsage] = [:]
    ) {
        self.minimumIOS = minimumIOS
        self.cloudKit = cloudKit
        self.renames = renames
        self.stripPrefix = stripPrefix
        self.deleteRules = deleteRules
        self.listUsage = listUsage
    }
}
