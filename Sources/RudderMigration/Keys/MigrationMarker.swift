/// The keys Carryover itself writes to the destination to make the migration run exactly once.
///
/// They sit beside the Swift SDK's keys in its suite; the SDK ignores them.
public enum RudderMigrationMarker {
    /// Written first, before any migrated value: a run that finds it without `completed` finishes an interrupted run.
    /// The value is the ISO 8601 time the run started.
    public static let started = "carryover.rudder_migration.started"
    /// Written last, after every migrated value was written and read back: later runs do nothing.
    /// The value is the ISO 8601 time the run completed.
    public static let completed = "carryover.rudder_migration.completed"
    /// Written when a run was deferred because legacy storage could not be read yet. If the Swift SDK then starts
    /// anyway and creates a fresh `anonymous_id`, the next run still migrates the legacy identity over it.
    public static let deferred = "carryover.rudder_migration.deferred"

    /// The three marker keys.
    public static let all = [started, completed, deferred]
}
