import MigrationEngine

/// Why ``RealmToSQLiteMigration`` refused to start.
public enum RealmToSQLiteMigrationError: Error, Sendable, Hashable, CustomStringConvertible {
    /// The destination holds an unfinished migration and ``RealmToSQLiteMigration/resume`` is not set; nothing was
    /// written. `checkpoint` is its last committed batch (`nil` when none was committed).
    case unfinishedDestination(path: String, checkpoint: MigrationCheckpoint?)

    public var description: String {
        switch self {
        case .unfinishedDestination(let path, _):
            "\(path) holds an unfinished migration; resume it, or choose another destination."
        }
    }
}
