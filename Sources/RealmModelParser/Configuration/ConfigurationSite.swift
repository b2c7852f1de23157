import SwiftDataCodegen
import SwiftSourceSyntax

/// One place in a file that builds or changes a Realm configuration: a `Realm.Configuration(…)` call, an assignment
/// to a configuration's `schemaVersion`, `migrationBlock` or `deleteRealmIfMigrationNeeded`, or
/// `Realm.Configuration.defaultConfiguration = config`.
struct ConfigurationSite {
    /// Which configuration the site builds or changes: sites of one group make one configuration.
    enum Group: Hashable {
        /// `Realm.Configuration.defaultConfiguration`, whatever the file.
        case defaultConfiguration
        /// The variable declared at token `token` of `file` (`var config = Realm.Configuration()`).
        case declaration(file: String, token: Int)
        /// The call at token `token` of `file`, not stored in a variable the file declares.
        case call(file: String, token: Int)
        /// A receiver the file does not declare (`manager.config`), by its text.
        case receiver(file: String, text: String)
    }

    /// A value as written: its tokens (a local constant replaced by its initializer) and where it is.
    struct Value {
        var tokens: [Token]
        var location: SourceLocation
    }

    /// The `migrationBlock` as written.
    enum Block {
        /// A closure: the indices of its braces in the file's tokens.
        case closure(open: Int, close: Int, location: SourceLocation)
        /// A function or closure value named by `path` (`Self.migrate`, `AppMigrations.run`, `migrate(_:_:)` with
        /// `labels` `_:_:`).
        case named(path: [String], labels: String?, location: SourceLocation)
        /// Something else (a call, `nil`): its text.
        case unreadable(text: String, location: SourceLocation)
    }

    var group: Group
    var file: String
    /// The call or assignment.
    var location: SourceLocation
    /// The byte offset of the site, to find the types around it.
    var offset: Int
    var version: Value?
    var block: Block?
    /// `deleteRealmIfMigrationNeeded`: the literal, or `nil` when it is not `true` or `false`.
    var deleteIfNeeded: (value: Bool?, location: SourceLocation)?
    /// Whether the site makes its group the default configuration.
    var makesDefault = false
    /// The qualified names of the types around the site, innermost first (for `Self.migrate`, static constants).
    var scopes: [String] = []

    /// Whether the site sets anything.
    var setsSomething: Bool { version != nil || block != nil || deleteIfNeeded != nil }

    /// Where it sets each setting.
    var settingLocations: [SourceLocation] {
        var locations = [version?.location, deleteIfNeeded?.location].compactMap { $0 }
        switch block {
        case .closure(_, _, let location), .named(_, _, let location), .unreadable(_, let location):
            locations.append(location)
        case nil:
            break
        }
        return locations.sorted { ($0.file, $0.line) < ($1.file, $1.line) }
    }
}

/// The sites of one file with the file's tokens, kept until the models are known.
struct ConfigurationFile {
    var path: String
    var lexer: Lexer
    var sites: [ConfigurationSite]
}
