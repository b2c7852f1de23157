import RealmSchema

/// What the conversion did: every Realm construct and what it became, every CloudKit change, and every item
/// that needs a human. Printable as Markdown (`markdown()`) and encodable as JSON.
public struct ConversionReport: Sendable, Hashable, Codable {
    /// One Realm construct and its SwiftData counterpart.
    public struct Construct: Sendable, Hashable, Codable {
        /// `RealmTrack` or `RealmTrack.genre`.
        public var subject: String
        /// The Realm construct (`@Persisted(indexed: true) var genre: String`).
        public var realm: String
        /// What it became (`var genre: String` + `#Index<Track>([\.genre])`).
        public var swiftData: String
        /// Where the construct was declared, when known.
        public var location: SourceLocation?
        /// The `#if` condition the generated code puts it under (`os(iOS) && !(DEBUG)`); `nil`: always.
        public var condition: String?
    }

    /// Why an item needs a human.
    public enum Concern: String, Sendable, Hashable, Codable, CaseIterable {
        /// Carried-over code uses Realm APIs (`realm`, `isInvalidated`, `observe`, `freeze`…).
        case realmAPIInCarriedCode
        /// A member Realm does not persist, listed for review.
        case unpersistedMember
        /// Whether a relationship is to-one or to-many could not be decided from the input.
        case ambiguousCardinality
        /// A CloudKit constraint changed the model.
        case cloudKit
        /// An index or constraint SwiftData cannot express for the target iOS.
        case droppedIndex
        /// A value whose SwiftData type cannot hold every Realm value (Decimal128 range, ObjectId as text…).
        case typeMapping
        /// A default value expression that was not carried over.
        case defaultValue
        /// A Realm feature without a SwiftData equivalent (asymmetric objects, maps of links, inheritance…).
        case unsupported
        /// A property renamed because its Realm name cannot be used in a SwiftData model.
        case renamedProperty
        /// A problem found while reading the input.
        case input
        /// A stored Realm field the generated importer cannot move (its file does not build until a human decides).
        case notImported
        /// The app's Realm configuration as the importer carries it: its schema version, the choice among several
        /// configurations, the migration block's statements kept for review, defaults not carried.
        case realmConfiguration
    }

    /// Something a human must look at.
    public struct Item: Sendable, Hashable, Codable {
        /// Why it needs a human.
        public var concern: Concern
        /// `RealmTrack.genre`, or a class name.
        public var subject: String
        /// What to look at, in one or two sentences.
        public var message: String
        /// Where the construct was declared, when known.
        public var location: SourceLocation?
    }

    /// The oldest iOS the models were generated for (17 or 18).
    public var minimumIOS: Int
    /// Whether the models were generated for CloudKit.
    public var cloudKit: Bool
    /// Realm class name → generated name, for every class.
    public var classNames: [String: String]
    /// Every construct, in schema order.
    public var constructs: [Construct]
    /// Each change made for CloudKit (empty unless `cloudKit`).
    public var cloudKitChanges: [Construct]
    /// Every item that needs a human.
    public var needsHuman: [Item]

    /// Creates an empty report for the given options.
    public init(options: CodegenOptions) {
        minimumIOS = options.minimumIOS.rawValue
        cloudKit = options.cloudKit
        classNames = [:]
        constructs = []
        cloudKitChanges = []
        needsHuman = []
    }

    mutating func construct(
        _ subject: String, _ realm: String, _ swiftData: String, _ location: SourceLocation?,
        condition: SourceCondition? = nil
    ) {
        let written = condition.map(\.description).flatMap { $0.isEmpty ? nil : $0 }
        constructs.append(
            Construct(subject: subject, realm: realm, swiftData: swiftData, location: location, condition: written))
    }

    mutating func cloudKitChange(_ subject: String, _ before: String, _ after: String, _ location: SourceLocation?) {
        cloudKitChanges.append(
            Construct(subject: subject, realm: before, swiftData: after, location: location, condition: nil))
    }

    mutating func human(_ concern: Concern, _ subject: String, _ message: String, _ location: SourceLocation?) {
        needsHuman.append(Item(concern: concern, subject: subject, message: message, location: location))
    }

    /// Adds stored Realm data the models do not hold (a `.realm` file's column or class no model declares), each
    /// as a `.notImported` item.
    public mutating func addLostData(_ items: [(subject: String, message: String, location: SourceLocation?)]) {
        for item in items { human(.notImported, item.subject, item.message, item.location) }
    }

    /// Adds problems found while reading the input (parser diagnostics, file errors), each as an `.input` item.
    public mutating func addInputProblems(_ problems: [(location: SourceLocation?, message: String)]) {
        for problem in problems { human(.input, problem.location?.file ?? "input", problem.message, problem.location) }
    }
}
