import SwiftDataCodegen

/// One Realm configuration the sources build, with its settings read: one of the candidates for the configuration
/// the app opened its file with (``ConfigurationChoice``).
struct ConfigurationCandidate {
    /// Where it is built (its first site).
    var location: SourceLocation
    /// `schemaVersion`, when set and readable.
    var version: UInt64?
    /// Why `schemaVersion` could not be read, when it is set.
    var unreadableVersion: String?
    var block: CarriedMigrationBlock?
    /// Why the `migrationBlock` could not be carried over, when it is set.
    var unreadableBlock: String?
    var deleteRealmIfMigrationNeeded = false
    /// Whether it is (or is made) `Realm.Configuration.defaultConfiguration`.
    var isDefault = false
    /// Where it sets each setting.
    var settings: [SourceLocation] = []
    /// Remarks about its settings (several versions in one configuration, an unreadable flag).
    var notes: [RealmConfiguration.Note] = []

    /// Whether it sets a schema version or a migration block at all (a configuration that only sets a file URL is
    /// not the schema's).
    var setsSchema: Bool {
        version != nil || unreadableVersion != nil || block != nil || unreadableBlock != nil
            || deleteRealmIfMigrationNeeded
    }

    /// `schemaVersion 5, a migration block`, for the report.
    var summary: String {
        var parts: [String] = []
        if let version {
            parts.append("schemaVersion \(version)")
        } else if unreadableVersion != nil {
            parts.append("an unreadable schemaVersion")
        } else {
            parts.append("no schemaVersion")
        }
        if block != nil || unreadableBlock != nil { parts.append("a migration block") }
        if deleteRealmIfMigrationNeeded { parts.append("deleteRealmIfMigrationNeeded") }
        if isDefault { parts.append("the default configuration") }
        return parts.joined(separator: ", ")
    }
}

extension CarriedMigrationBlock {
    /// Names the models its code names as `view` says (a model named apart after its target).
    mutating func renameModels(_ view: [String: String]) {
        pieces = pieces.map { piece in
            switch piece {
            case .modelType(let name): .modelType(view[name] ?? name)
            case .modelClassName(let name): .modelClassName(view[name] ?? name)
            default: piece
            }
        }
    }
}
