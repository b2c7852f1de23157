import Dispatch
import Foundation
import MigrationEngine
import RealmMigrationSource
import SQLiteSink

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// `carryover realm migrate …`: the batched, resumable, verified Realm → SQLite migration.
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
            .required("--to", "OUT.sqlite", "The SQLite database to write (created if missing)."),
            .value("--batch-size", "N", "Objects per batch and transaction (default: \(Migrator.defaultBatchSize))."),
            .flag("--resume", "Continue an unfinished migration into OUT.sqlite."),
            .value("--verify", "LEVEL", "full, counts or none (default: full)."),
            .flag("--json", "Print the outcome and verification report as JSON."),
            EncryptionKeyOption.spec,
        ],
        run: runMigrate
    )
]

private func runMigrate(_ arguments: ParsedArguments) throws -> ExitStatus {
    let sourceURL = URL(fileURLWithPath: arguments.positionals[0])
    let destination = try arguments.required("--to")
    let batchSize = try arguments.positiveInteger("--batch-size", default: Migrator.defaultBatchSize)
    let levelName = try arguments.choice("--verify", in: VerificationLevel.allCases.map(\.rawValue), default: "full")
    let level = VerificationLevel(rawValue: levelName) ?? .full
    let json = arguments.flag("--json")

    let source = try RealmMigrationSource(url: sourceURL, encryptionKey: try EncryptionKeyOption.key(in: arguments))
    let sink = try SQLiteSink(path: destination)
    if try sink.recordedSchema() != nil, try sink.storedCheckpoint()?.phase != .finished, !arguments.flag("--resume") {
        standardError.write(
            "Error: \(destination) holds an unfinished migration; pass --resume to continue it, or choose another --to.\n"
        )
        return .failure
    }
    let outcome: MigrationOutcome
    do {
        outcome = try migrateShowingProgress(source: source, sink: sink, batchSize: batchSize, quiet: json)
    } catch is CancellationError {
        let done = try sink.storedCheckpoint()?.batchesCommitted ?? 0
        standardError.write("Cancelled after \(done) committed batches; run again with --resume to continue.\n")
        return .failure
    }
    let report = try Verifier(source: source, destination: sink).verify(level: level)
    if json {
        standardOutput.write(
            try MigrateOutput(source: sourceURL.path, destination: destination, outcome: outcome, verification: report)
                .jsonText())
    } else {
        standardOutput.write(MigrateOutput.text(outcome: outcome, report: report, destination: destination))
    }
    return report.passed ? .success : .failure
}

/// Runs the migration, drawing the progress stream on a terminal bar.
private func migrateShowingProgress(source: RealmMigrationSource, sink: SQLiteSink, batchSize: Int, quiet: Bool) throws
    -> MigrationOutcome
{
    let (stream, continuation) = AsyncStream.makeStream(
        of: MigrationProgress.self, bufferingPolicy: .bufferingNewest(1))
    let drawn = DispatchSemaphore(value: 0)
    Task.detached {
        var bar: ProgressBar?
        var phase: MigrationCheckpoint.Phase?
        for await progress in stream where !quiet {
            if progress.phase != phase {
                bar?.finish()
                phase = progress.phase
                let label = progress.phase == .attributes ? "Copying objects" : "Linking objects"
                bar = ProgressBar(label: label, total: Int64(progress.phaseTotal))
            }
            let rate = Int(progress.objectsPerSecond)
            bar?.update(
                done: Int64(progress.phaseDone),
                detail: "\(progress.className) \(progress.classDone)/\(progress.classTotal) · \(rate) objects/s")
        }
        bar?.finish()
        drawn.signal()
    }
    defer { drawn.wait() }
    let job = MigrationJob(migrator: Migrator(source: source, sink: sink, batchSize: batchSize), progress: continuation)
    return try runCancellingOnInterrupt { try job.run() }
}

/// A migrator handed to the task that runs it. Only that task touches it while the calling thread waits, so it is
/// never used from two threads at once.
private final class MigrationJob: @unchecked Sendable {
    private let migrator: Migrator
    private let progress: AsyncStream<MigrationProgress>.Continuation

    init(migrator: Migrator, progress: AsyncStream<MigrationProgress>.Continuation) {
        self.migrator = migrator
        self.progress = progress
    }

    func run() throws -> MigrationOutcome {
        defer { progress.finish() }
        return try migrator.run { progress.yield($0) }
    }
}

/// Runs `work` in a task that Ctrl-C (SIGINT) cancels, and waits for it: the migration then stops after the batch
/// in flight is committed, and throws `CancellationError`.
private func runCancellingOnInterrupt<T: Sendable>(_ work: @escaping @Sendable () throws -> T) throws -> T {
    let finished = DispatchSemaphore(value: 0)
    let result = ResultBox<T>()
    signal(SIGINT, SIG_IGN)
    let interrupt = DispatchSource.makeSignalSource(signal: SIGINT, queue: .global())
    let task = Task.detached {
        result.store(Result { try work() })
        finished.signal()
    }
    interrupt.setEventHandler { task.cancel() }
    interrupt.resume()
    finished.wait()
    interrupt.cancel()
    signal(SIGINT, SIG_DFL)
    return try result.get()
}

/// The result of a task, handed to the thread that waited for it.
private final class ResultBox<T: Sendable>: @unchecked Sendable {
    private let lock = NSLock()
    private var result: Result<T, any Error>?

    func store(_ value: Result<T, any Error>) { lock.withLock { result = value } }

    func get() throws -> T {
        guard let result = lock.withLock({ result }) else { throw CancellationError() }
        return try result.get()
    }
}

/// What `realm migrate --json` prints.
private struct MigrateOutput: Encodable {
    var source: String
    var destination: String
    var outcome: MigrationOutcome
    var verification: VerificationReport

    func jsonText() throws -> String {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.prettyPrinted, .sortedKeys]
        return String(decoding: try encoder.encode(self), as: UTF8.self) + "\n"
    }

    static func text(outcome: MigrationOutcome, report: VerificationReport, destination: String) -> String {
        var text: String
        if outcome.wasAlreadyComplete {
            text = "\(destination) already holds the complete migration; nothing to copy.\n"
        } else {
            let resumed = outcome.resumedFrom.map { " (resumed after batch \($0.batchesCommitted))" } ?? ""
            text =
                "Copied into \(destination)\(resumed): \(outcome.objectsWritten) object writes in \(outcome.batchesCommitted) batches.\n"
        }
        guard report.level != .none else { return text + "Verification skipped (--verify none).\n" }
        text += "\nVerification (\(report.level.rawValue)):\n"
        for cls in report.classes {
            let status = cls.sourceCount == cls.destinationCount && cls.objectsDiffering == 0 ? "ok" : "MISMATCH"
            var line = "  \(cls.name): \(cls.destinationCount)/\(cls.sourceCount) objects"
            if report.level == .full {
                line += ", \(cls.objectsCompared) compared field by field, \(cls.objectsDiffering) differing"
            }
            text += line + " — \(status)\n"
        }
        for link in report.relationships {
            let status = link.inverseAgrees && link.danglingLinks == 0 ? "ok" : "MISMATCH"
            text +=
                "  \(link.originClass).\(link.originField) → \(link.targetClass): \(link.destinationLinks) links, \(link.danglingLinks) dangling, inverse \(link.inverseAgrees ? "agrees" : "differs") — \(status)\n"
        }
        for problem in report.problems {
            let key = problem.key.map { "[\($0)]" } ?? ""
            let fields = problem.fields.isEmpty ? "" : " (\(problem.fields.joined(separator: ", ")))"
            text += "  problem: \(problem.kind.rawValue) \(problem.className)\(key)\(fields): \(problem.detail)\n"
        }
        if report.problemCount > report.problems.count {
            text += "  … and \(report.problemCount - report.problems.count) more problems\n"
        }
        text += report.passed ? "Verification passed.\n" : "Verification FAILED: \(report.problemCount) problems.\n"
        return text
    }
}
