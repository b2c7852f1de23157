/// Why a Realm file cannot be upgraded to the app's schema, as Realm itself would have refused to open it. Nothing
/// is written when one is thrown.
public enum SchemaUpgradeError: Error, Sendable, Hashable, Codable, CustomStringConvertible {
    /// The file was written at a newer schema version than the app declares (realm-core's `InvalidSchemaVersion`).
    case fileNewerThanApp(fileVersion: UInt64, appVersion: UInt64)
    /// The schema changed but the app's version is the file's (realm-core's `SchemaMismatch`): the changes, as
    /// Realm words them.
    case migrationRequired(fileVersion: UInt64, appVersion: UInt64, changes: [String])
    /// The file is at an older schema version, so Realm would run the app's migration block, and that block was not
    /// carried over (`block` says where it is and why): nothing is written until it is written in Swift.
    case migrationBlockNotCarried(fileVersion: UInt64, appVersion: UInt64, block: String)
    /// After the migration block, two objects share a primary key value (realm-core's `MigrationFailed`).
    case duplicatePrimaryKey(className: String, property: String, value: String)
    /// A class cannot become embedded: an object has several owners or none that Realm could resolve, or it has a
    /// primary key.
    case cannotConvertToEmbedded(className: String, reason: String)
    /// The migration block did something Realm refuses (an unknown class or property, a value of the wrong type,
    /// an invalid rename, deleting an old object); the message says what, as Realm would.
    case invalidMigration(String)
    /// The Realm file could not be read while upgrading it.
    case unreadable(String)

    public var description: String {
        switch self {
        case .fileNewerThanApp(let file, let app):
            "Provided schema version \(app) is less than last set version \(file)."
        case .migrationRequired(_, _, let changes):
            "Migration is required due to the following errors:"
                + changes.map { "\n- " + $0 }.joined()
        case .migrationBlockNotCarried(let file, let app, let block):
            "The file is at schema version \(file) and the app's Realm migration block, which Realm would run to bring "
                + "it to \(app), was not carried over (\(block)): write it into RealmSchemaUpgrade.swift."
        case .duplicatePrimaryKey(let cls, let property, let value):
            "Primary key property '\(cls).\(property)' has duplicate values after migration. More than one object holds \(value)."
        case .cannotConvertToEmbedded(let cls, let reason): "Cannot convert '\(cls)' to embedded: \(reason)"
        case .invalidMigration(let message): message
        case .unreadable(let reason): "The Realm file could not be read: \(reason)"
        }
    }
}
