import Foundation
import MigrationEngine
import RealmMigrationSource
import SQLiteSink

/// The Realm → SQLite flow as one call: copies every object of a `.realm` file into an SQLite database in batches,
/// resumably, then verifies the copy.
///
/// The flow owns the resume policy: a destination holding an unfinished migration is refused unless ``resume`` is
/// set (then the copy continues after its last committed batch); a finished destination is left as it is and only
/// verified; a destination written from another file is refused. The source file is only read.
///
/// ```swift
/// let migration = RealmToSQLiteMigration(realmFile: realmURL, destination: databaseURL, resume: true)
/// let task = migration.start()
/// for await progress in task.progress { print(progress.className, progress.phaseDone, progress.phaseTotal) }
/// let report = try await task.value
/// print(report.verification.passed)
/// ```
///
/// Cancelling the task that awaits the result (or calling ``MigrationTask/cancel()``) stops the copy after the
/// batch in flight is committed and throws `CancellationError`; ``storedCheckpoint()`` then tells how far it got,
/// and a run with ``resume`` set continues from there.
public struct RealmToSQLiteMigration: Sendable, Hashable {
    /// The `.realm` file to copy (opened read-only).
    public var realmFile: URL
    /// The SQLite database to write (created if missing).
    public var destination: URL
    /// The 64-byte key of an encrypted Realm file; `nil` for a plain one.
    public var encryptionKey: Data?
    /// Objects per batch and transaction.
    public var batchSize: Int
    /// How thoroughly the copy is checked once it is complete.
    public var verification: VerificationLevel
    /// Whether to continue an unfinished migration found in ``destination`` rather than refuse it.
    public var resume: Bool

    /// Describes a migration; nothing is read or written until ``start()`` or ``run()``.
    /// - Parameters:
    ///   - realmFile: The `.realm` file to copy.
    ///   - destination: The SQLite database to write.
    ///   - encryptionKey: The key of an encrypted Realm file.
    ///   - batchSize: Objects per batch and transaction.
    ///   - verification: How thoroughly to check the copy.
    ///   - resume: Whether to continue an unfinished migration in `destination`.
    public init(
        realmFile: URL, destination: URL, encryptionKey: Data? = nil, batchSize: Int = Migrator.defaultBatchSize,
        verification: VerificationLevel = .full, resume: Bool = false
    ) {
        self.realmFile = realmFile
        self.destination = destination
        self.encryptionKey = encryptionKey
        self.batchSize = batchSize
        self.verification = verification
        self.resume = resume
    }

    /// Starts the migration on a thread of its own; progress and the report come from the returned task.
    /// - Returns: The running migration. Its value throws `RealmFileError` for an unreadable source (before the
    ///   destination is touched), ``RealmToSQLiteMigrationError`` for a refused destination or a failure of its
    ///   storage (``RealmToSQLiteMigrationError/storageFailed(_:)``: full volume, I/O error, read-only, removed,
    ///   locked), `MigrationError` for a destination of another source, `SQLiteError` for other database failures,
    ///   `CancellationError` when cancelled.
    public func start() -> MigrationTask<RealmToSQLiteReport> {
        let migration = self
        return MigrationTask(name: "Carryover Realm → SQLite") { context in
            do {
                return try migration.run(in: context)
            } catch let error as SQLiteError {
                guard
                    let failure = StorageFailure(
                        sqliteResultCode: error.extendedResultCode.rawValue, message: error.description)
                else { throw error }
                throw RealmToSQLiteMigrationError.storageFailed(failure)
            }
        }
    }

    /// Runs the migration to the end without progress reports: `start().value`.
    /// - Returns: The outcome and the verification report.
    /// - Throws: What ``start()``'s task throws.
    public func run() async throws -> RealmToSQLiteReport { try await start().value }

    /// The last checkpoint committed to ``destination``: `nil` when it holds no migration (or does not exist).
    /// - Throws: `SQLiteError` when the destination exists but cannot be read as a database.
    public func storedCheckpoint() throws -> MigrationCheckpoint? {
        guard FileManager.default.fileExists(atPath: destination.path) else { return nil }
        return try SQLiteSink(path: destination.path).storedCheckpoint()
    }

    /// The flow, on the calling thread.
    private func run(in context: MigrationContext) throws -> RealmToSQLiteReport {
        let source = try RealmMigrationSource(url: realmFile, encryptionKey: encryptionKey)
        let sink = try SQLiteSink(path: destination.path)
        if !resume, try sink.recordedSchema() != nil {
            let checkpoint = try sink.storedCheckpoint()
            if checkpoint?.phase != .finished {
                throw RealmToSQLiteMigrationError.unfinishedDestination(path: destination.path, checkpoint: checkpoint)
            }
        }
        let outcome = try Migrator(source: source, sink: sink, batchSize: batchSize, cancellation: context.cancellation)
            .run(progress: context.report)
        let report = try Verifier(source: source, destination: sink).verify(level: verification)
        return RealmToSQLiteReport(
            source: realmFile.path, destination: destination.path, outcome: outcome, verification: report)
    }
}
