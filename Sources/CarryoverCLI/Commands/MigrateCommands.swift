import Foundation
import MigrationEngine
import RealmSQLiteMigration

/// `carryover realm migrate …`: the batched, resumable, verified Realm → SQLite migration
/// (`RealmToSQLiteMigration`), with a progress bar and a text or JSON report.
let migrateCommands: [CommandSpec] = [
    CommandSpec(
        path: ["realm", "migrate"],
        summary: "Copy a .realm file into an SQLite database in batches, resumably, then verify every object.",
        overview: """
            Copies every object in two phases (attributes, then relationships), committing each batch with a \
            checkpoint. Ctrl-C stops after the batch in flight. After a crash or Ctrl-C, run again with --resume to continue after the last committed \
            batch; a finished destination is left as it is. The source file is only read. A destination written \
            from another source file is refused. Exit status: 0 when verification passed, 1 on failure or a \
            verification problem, 64 on bad usage.
            """,
        arguments: [
            ArgumentSpec(placeholder: "FILE.realm", help: "The Realm file to copy (opened read-only).")
        ],
        options: [
            MigrateOptions.destination.spec, MigrateOptions.batchSize.spec, MigrateOptions.resume.spec,
            MigrateOptions.verify.spec, MigrateOptions.json.spec, EncryptionKeyOption.option.spec,
        ],
        stopsOnInterrupt: true,
        run: runMigrate
    )
]

/// The options of `realm migrate`, each declared once.
private enum MigrateOptions {
    static let destination = Option<String>.required(
        "--to", "OUT.sqlite", "The SQLite database to write (created if missing).")
    static let batchSize = Option<Int>.positiveInteger(
        "--batch-size", "N", "Objects per batch and transaction (default: \(Migrator.defaultBatchSize)).",
        default: Migrator.defaultBatchSize)
    static let resume = Flag("--resume", "Continue an unfinished migration into OUT.sqlite.")
    static let verify = Option<VerificationLevel>.choice(
        "--verify", "LEVEL", "full, counts or none (default: full).", default: .full)
    static let json = Flag("--json", "Print the outcome and verification report as JSON.")
}

private func runMigrate(_ arguments: ParsedArguments, _ console: Console) async throws -> ExitStatus {
    let destination = try arguments.value(of: MigrateOptions.destination)
    let json = arguments[MigrateOptions.json]
    let migration = RealmToSQLiteMigration(
        realmFile: URL(fileURLWithPath: arguments.positionals[0]), destination: URL(fileURLWithPath: destination),
        encryptionKey: try arguments.value(of: EncryptionKeyOption.option),
        batchSize: try arguments.value(of: MigrateOptions.batchSize),
        verification: try arguments.value(of: MigrateOptions.verify), resume: arguments[MigrateOptions.resume])
    let task = migration.start()
    await MigrationProgressDisplay(stream: console.error, enabled: !json).show(task.progress)
    var report: RealmToSQLiteReport
    do {
        report = try await task.value
    } catch RealmToSQLiteMigrationError.unfinishedDestination {
        console.error.write(
            "Error: \(destination) holds an unfinished migration; pass \(MigrateOptions.resume.spec.name) to continue it, or choose another \(MigrateOptions.destination.spec.name).\n"
        )
        return .failure
    } catch is CancellationError {
        let done = try migration.storedCheckpoint()?.batchesCommitted ?? 0
        console.error.write(
            "Cancelled after \(done) committed batches; run again with \(MigrateOptions.resume.spec.name) to continue.\n"
        )
        return .failure
    }
    // The destination as the user wrote it.
    report.destination = destination
    console.output.write(json ? try MigrateReportText.json(report) : MigrateReportText.text(report))
    return report.verification.passed ? .success : .failure
}
