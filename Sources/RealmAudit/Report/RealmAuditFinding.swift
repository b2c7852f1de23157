import RealmQueryConversion

/// What part of Realm a finding uses; each category is one step of the migration plan's phases.
public enum RealmAuditCategory: String, Sendable, Hashable, Codable, CaseIterable, CodingKeyRepresentable {
    /// Model classes (`Object`, `EmbeddedObject` subclasses) and their persisted properties.
    case model
    /// Reading objects: `objects(_:)`, `object(ofType:forPrimaryKey:)`, `filter`, `where`, `sorted`, `distinct`.
    case query
    /// Changing objects: `write { }`, `writeAsync`, `beginWrite` / `commitWrite`, `add`, `create`, `delete`.
    case write
    /// Change notifications: `observe`, `NotificationToken`, Combine publishers.
    case observation
    /// RealmSwift's SwiftUI property wrappers and environment values.
    case swiftui
    /// Moving Realm objects and Realms between threads, queues and actors.
    case threading
    /// `Realm.Configuration`: file URLs, in-memory identifiers, object types.
    case configuration
    /// `schemaVersion`, `migrationBlock`, `enumerateObjects(ofType:)`, `deleteRealmIfMigrationNeeded`.
    case schemaMigration = "schema-migration"
    /// Atlas Device Sync: `App(id:)`, sync configurations, sessions, subscriptions, users.
    case sync
    /// `encryptionKey`.
    case encryption
    /// Opening a Realm: `Realm()`, `Realm(configuration:)`, `Realm(fileURL:)`.
    case realmOpen = "realm-open"
}

/// How much work replacing one use is.
///
/// `trivial`: a one-to-one replacement (or Carryover generates it). `moderate`: same meaning, different shape, to
/// rewrite by hand or review (predicates, observation, threading hand-offs). `hard`: no SwiftData equivalent; the
/// design changes (schema migration blocks, encryption, Device Sync).
public enum RealmAuditEffort: String, Sendable, Hashable, Codable, CaseIterable, CodingKeyRepresentable, Comparable {
    /// A one-to-one replacement, or Carryover generates it.
    case trivial
    /// The same meaning in another shape: rewritten or reviewed by hand.
    case moderate
    /// No SwiftData equivalent: the design changes.
    case hard

    /// Orders efforts from trivial to hard.
    public static func < (lhs: Self, rhs: Self) -> Bool {
        allCases.firstIndex(of: lhs) ?? 0 < allCases.firstIndex(of: rhs) ?? 0
    }
}

/// What in Carryover converts a use for you, if anything.
public enum RealmAuditConversion: String, Sendable, Hashable, Codable, CaseIterable {
    /// `carryover realm models` generates the `@Model` class, the versioned schema and the container setup.
    case modelsCommand = "carryover realm models"
    /// `carryover realm models --cloudkit` generates CloudKit-compatible models (the Device Sync replacement).
    case cloudKitModels = "carryover realm models --cloudkit"
    /// `RealmToSwiftDataMigration` moves the data (and reads encrypted Realm files with their key).
    case inAppMigration = "in-app migration"
    /// `carryover realm models` carries the app's Realm configuration (`schemaVersion`, the `migrationBlock` as
    /// written, `deleteRealmIfMigrationNeeded`) into the generated `RealmSchemaUpgrade.swift`; the in-app migration
    /// upgrades an older file with it as Realm would have on open, without the Realm SDK.
    case carriedSchemaUpgrade = "carried schema upgrade"
    /// The query conversion: a `FetchDescriptor` with a `#Predicate` and `SortDescriptor`s.
    case queryConversion = "query conversion"
    /// The generated `@ModelActor` draft of the type that opens Realm on background queues.
    case actorDraft = "actor draft"
    /// Nothing: rewrite it by hand.
    case byHand = "by hand"
}

/// A range of source text: what it is, and where (UTF-8 byte offsets in its file, end exclusive).
public struct RealmAuditSourceRange: Sendable, Hashable, Codable {
    /// The text, exactly as written.
    public var text: String
    /// The byte offset of its first character.
    public var startOffset: Int
    /// The byte offset after its last character.
    public var endOffset: Int
}

/// A whole query expression, for the query conversion: `realm.objects(Dog.self).filter("age > %@", min).first`.
public struct RealmAuditQuery: Sendable, Hashable, Codable {
    /// The expression from its receiver to its last query step.
    public var expression: RealmAuditSourceRange
    /// Its steps in order, with their argument labels: `objects(_:)`, `filter(_:_:)`, `sorted(byKeyPath:)`, `first`.
    public var steps: [String]
    /// For a chain that starts from a variable (`dogs.where { … }`): the Realm class of its elements, when the
    /// variable's declaration in the file shows it (`dogs: Results<Dog>`, `let dogs = realm.objects(Dog.self)`).
    public var elementClass: String?
    /// For a chain on a model's list property (`item.relations.filter(…)` with `item: Item`, `self.tags.filter(…)`
    /// in `Item`): the class and property (`Item.relations`); the models say its element class.
    public var listProperty: String?
    /// For an Objective-C chain: the same chain written in RealmSwift (`realm.objects(Dog.self).filter("age > %d",
    /// 3)`), which the query conversion reads; arguments with no plain Swift spelling are placeholders
    /// (`argument1`).
    public var swiftEquivalent: String?
}

/// The type a finding is in: for threading findings, the type whose operations become a `@ModelActor`.
public struct RealmAuditEnclosingType: Sendable, Hashable, Codable {
    /// `class`, `struct`, `enum`, `actor`, `extension` or `protocol`.
    public var kind: String
    /// The type's name (for an extension, the extended type).
    public var name: String
    /// 1-based line of its keyword.
    public var line: Int
    /// The whole declaration, attributes and body included (byte offsets; `text` is empty to keep reports small).
    public var range: RealmAuditSourceRange
}

/// One use of Realm in an app's source, with what replaces it.
public struct RealmAuditFinding: Sendable, Hashable, Codable {
    /// The file, relative to the audited folder it was found in.
    public var file: String
    /// 1-based line.
    public var line: Int
    /// 1-based column (in UTF-8 bytes).
    public var column: Int
    /// The part of Realm it uses.
    public var category: RealmAuditCategory
    /// The Realm API, as Realm's documentation names it (`objects(_:)`, `@Persisted`, `Realm(configuration:)`).
    public var api: String
    /// The source line, as written.
    public var sourceLine: String
    /// What replaces it in SwiftData or Swift concurrency.
    public var equivalent: String
    /// How much work the replacement is.
    public var effort: RealmAuditEffort
    /// What converts it for you, or ``RealmAuditConversion/byHand``.
    public var convertedBy: RealmAuditConversion
    /// How the use was recognised when the receiver's type could not be seen (`nil` when it could), e.g.
    /// "receiver inferred from its name 'realm'".
    public var inference: String?
    /// For a query: the whole expression and its steps.
    public var query: RealmAuditQuery?
    /// For a query, when the audit had the app's models: the SwiftData fetch it becomes, or why it cannot.
    public var convertedQuery: QueryConversion?
    /// The innermost type declaration around the use, if any.
    public var enclosingType: RealmAuditEnclosingType?
    /// What the replacement must take into account beyond ``equivalent``: for an Objective-C caller, that
    /// SwiftData has no Objective-C API, so it calls a Swift facade.
    public var note: String? = nil

    /// Whether Carryover converts it.
    public var isConverted: Bool { convertedBy != .byHand }
}

/// Something in a file the audit could not read: the findings of the rest of the file are still reported.
public struct RealmAuditDiagnostic: Sendable, Hashable, Codable, CustomStringConvertible {
    /// The file, relative to its audited folder.
    public var file: String
    /// 1-based line.
    public var line: Int
    /// What could not be read.
    public var message: String

    /// `file:line: warning: message`.
    public var description: String { "\(file):\(line): warning: \(message)" }
}
