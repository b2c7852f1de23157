import MigrationEngine

/// What one ``RealmToSQLiteMigration`` run did and found: a value an app can show or store, and the document
/// `carryover realm migrate --json` prints.
public struct RealmToSQLiteReport: Sendable, Hashable, Codable {
    /// The path of the `.realm` file copied.
    public var source: String
    /// The path of the SQLite database written.
    public var destination: String
    /// What the copy did (objects and batches written, where it resumed from, whether it was already complete).
    public var outcome: MigrationOutcome
    /// What verification found (its level is `.none` when it was skipped).
    public var verification: VerificationReport

    /// Creates a report.
    public init(source: String, destination: String, outcome: MigrationOutcome, verification: VerificationReport) {
        self.source = source
        self.destination = destination
        self.outcome = outcome
        self.verification = verification
    }
}
