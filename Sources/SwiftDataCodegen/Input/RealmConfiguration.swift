/// What the app's Realm configuration says beyond the schema version (``ModelSchema/version``), read from its sources:
/// the migration block and `deleteRealmIfMigrationNeeded` of the configuration Realm opened the app's file with.
///
/// `RealmModelParser` finds every `Realm.Configuration` the sources build (`Realm.Configuration(schemaVersion: 5,
/// migrationBlock: { … })`, `config.schemaVersion = 3`, `Realm.Configuration.defaultConfiguration = …`) and picks
/// one: the default configuration, or else the highest version. The generated importer's `realmModels` carries it
/// into the in-app migration, which upgrades an older file as Realm would have on open.
///
/// ```swift
/// let configuration = RealmModelParser.parse(files).schema.realmConfiguration
/// print(configuration?.location, configuration?.migrationBlock?.reviewed.count ?? 0)
/// ```
public struct RealmConfiguration: Sendable, Hashable, Codable {
    /// Where the chosen configuration is built (its `Realm.Configuration(` or first assignment).
    public var location: SourceLocation?
    /// Why `schemaVersion` is not known although the configuration sets it (`schemaVersion: computeVersion()`);
    /// `nil` when it is known or not set.
    public var unreadableVersion: String?
    /// The migration block, carried over; `nil` when the configuration has none.
    public var migrationBlock: CarriedMigrationBlock?
    /// Why the configuration's `migrationBlock` could not be carried over at all (a function the sources do not
    /// declare); `nil` when it was, or there is none.
    public var unreadableBlock: String?
    /// `deleteRealmIfMigrationNeeded`.
    public var deleteRealmIfMigrationNeeded: Bool
    /// Where the configuration sets `schemaVersion`, `migrationBlock` and `deleteRealmIfMigrationNeeded`: the
    /// uses the audit marks as carried over.
    public var settings: [SourceLocation]
    /// What a human should know about the choice: other configurations and why this one (for the report).
    public var notes: [Note]

    /// A remark about the configuration, with where it points.
    public struct Note: Sendable, Hashable, Codable {
        /// One or two sentences.
        public var message: String
        /// The construct it is about, when known.
        public var location: SourceLocation?

        /// Creates a note.
        public init(_ message: String, location: SourceLocation?) {
            self.message = message
            self.location = location
        }
    }

    /// Creates a configuration description.
    public init(
        location: SourceLocation?, migrationBlock: CarriedMigrationBlock? = nil,
        deleteRealmIfMigrationNeeded: Bool = false, settings: [SourceLocation] = [], notes: [Note] = []
    ) {
        self.location = location
        self.migrationBlock = migrationBlock
        self.deleteRealmIfMigrationNeeded = deleteRealmIfMigrationNeeded
        self.settings = settings
        self.notes = notes
    }
}

/// A migration block as the app wrote it, ready to be generated into `RealmSchemaUpgrade.swift`: its body in pieces,
/// where the code that names a model class is told apart (the generated model may have another name) and the
/// statements that cannot run against the migration API (app code, I/O, Realm API it does not have) are kept for
/// review, disabled.
public struct CarriedMigrationBlock: Sendable, Hashable, Codable {
    /// One piece of the body's text.
    public enum Piece: Sendable, Hashable, Codable {
        /// Source text, verbatim.
        case code(String)
        /// A Realm model class named in the body (`Person` in `Person.className()`): written as its generated
        /// model's name.
        case modelType(String)
        /// `String(describing: Person.self)`, which names the Realm class: written `<Model>.className()`.
        case modelClassName(String)
        /// An enum of the models (`Genre` in `Genre.rock.rawValue`): written as its generated name.
        case enumType(String)
        /// A statement that needs review, verbatim, generated disabled (`#if CARRYOVER_REVIEW`).
        case review(ReviewedStatement)
    }

    /// A statement kept for review and why.
    public struct ReviewedStatement: Sendable, Hashable, Codable {
        /// The statement, verbatim.
        public var text: String
        /// Why it cannot run as is (`` `Realm()` is Realm API the migration does not have ``).
        public var reason: String
        /// Where it starts in the app's source.
        public var location: SourceLocation
        /// Its last line.
        public var lastLine: Int
        /// The indentation of its first line, as written.
        public var indentation: String

        /// Creates a reviewed statement.
        public init(text: String, reason: String, location: SourceLocation, lastLine: Int, indentation: String) {
            self.text = text
            self.reason = reason
            self.location = location
            self.lastLine = lastLine
            self.indentation = indentation
        }
    }

    /// The name the body gives the migration (`migration`; `_` when unnamed).
    public var migrationName: String
    /// The name the body gives the file's schema version (`oldSchemaVersion`; `_` when unnamed).
    public var oldSchemaVersionName: String
    /// Whether the body uses `$0` and `$1` (a closure without a parameter list): it is then generated as a closure
    /// called with the two values.
    public var usesShorthandArguments: Bool
    /// The body, in order.
    public var pieces: [Piece]
    /// Where the block is: its closure's `{` or its function's declaration.
    public var location: SourceLocation
    /// The block's last line (its closing brace).
    public var lastLine: Int

    /// Creates a carried block.
    public init(
        migrationName: String, oldSchemaVersionName: String, usesShorthandArguments: Bool, pieces: [Piece],
        location: SourceLocation, lastLine: Int
    ) {
        self.migrationName = migrationName
        self.oldSchemaVersionName = oldSchemaVersionName
        self.usesShorthandArguments = usesShorthandArguments
        self.pieces = pieces
        self.location = location
        self.lastLine = lastLine
    }

    /// The statements kept for review, in order.
    public var reviewed: [ReviewedStatement] {
        pieces.compactMap { piece in
            if case .review(let statement) = piece { return statement }
            return nil
        }
    }

    /// The Realm classes the body names in code that runs (their models get `className()`).
    public var namedClasses: [String] {
        var seen: Set<String> = []
        return pieces.compactMap { piece -> String? in
            switch piece {
            case .modelType(let name), .modelClassName(let name): seen.insert(name).inserted ? name : nil
            default: nil
            }
        }
    }
}
