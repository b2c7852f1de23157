import MigrationEngine

/// Why ``RealmToSQLiteMigration`` refused to start or stopped.
public enum RealmToSQLiteMigrationError: Error, Sendable, Hashable, CustomStringConvertible {
    /// The destination holds an unfinished migration and ``RealmToSQLiteMigration/resume`` is not set; nothing was
    /// written. `checkpoint` is its last committed batch (`nil` when none was committed).
    case unfinishedDestination(path: String, checkpoint: MigrationCheckpoint?)
    /// The destination's storage failed (full volume, I/O error, read-only, removed, locked, cannot be opened). The
    /// Realm file is untouched and the destination keeps its committed batches: once the cause is gone, run again
    /// with ``RealmToSQLiteMigration/resume`` set.
    case storageFailed(StorageFailure)

    public var description: String {
        switch self {
        case .unfinishedDestination(let path, _):
            "\(path) holds an unfinished migration; resume it, or choose another destination."
        case .storageFailed(let failure):
            "The destination's storage failed: \(failure); then resume."
        }
    }
}
