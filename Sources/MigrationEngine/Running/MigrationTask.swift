import Foundation

/// Runs synchronous migration work on a thread of its own and gives async callers its progress, its result and
/// a way to cancel it.
///
/// A migration copies for minutes and its sink may be bound to one thread (a SwiftData `ModelContext`, an SQLite
/// connection), so the work runs start to end on one dedicated thread, never on the Swift cooperative pool or the
/// main actor. The work closure builds its source and sink *on that thread* and runs a ``Migrator`` (and usually a
/// ``Verifier``) with the ``MigrationContext`` it is given. The thread starts when the task is created.
///
/// - ``progress`` delivers the reports the work sends with ``MigrationContext/report(_:)``, keeping only the newest
///   one while nobody is listening; it finishes when the work ends.
/// - ``value`` waits for the result or rethrows the work's error. Cancelling the task that awaits it cancels the
///   migration: the batch in flight is committed and ``value`` throws `CancellationError`, leaving a resumable
///   destination.
///
/// From a SwiftUI view (the main actor stays free while the copy runs):
///
/// ```swift
/// .task {
///     let migration = MigrationTask { context in
///         let source = try RealmMigrationSource(url: realmURL)
///         let sink = try SQLiteSink(path: databasePath)
///         let outcome = try Migrator(source: source, sink: sink, cancellation: context.cancellation)
///             .run(progress: context.report)
///         return (outcome, try Verifier(source: source, destination: sink).verify(level: .full))
///     }
///     for await progress in migration.progress { model.progress = progress }
///     do { model.result = try await migration.value } catch { model.error = error }
/// }
/// ```
///
/// When the view disappears, SwiftUI cancels its task: the `for await` loop ends, `value` sees the cancellation
/// and the migration stops after its committed batch.
public final class MigrationTask<Success: Sendable>: Sendable {
    /// The progress reports of the work, newest kept; one consumer; finishes when the work returns or throws.
    public let progress: AsyncStream<MigrationProgress>
    private let cancellation = MigrationCancellation()
    private let state = Locked(State.running(waiting: []))

    private enum State: Sendable {
        case running(waiting: [CheckedContinuation<Success, any Error>])
        case finished(Result<Success, any Error>)
    }

    /// Starts `work` on a new thread.
    /// - Parameters:
    ///   - name: The thread's name, as debuggers and crash reports show it.
    ///   - work: The migration: builds its source and sink, runs the migrator with the context's cancellation
    ///     and progress, and returns what the caller needs (an outcome, a report).
    public init(
        name: String = "Carryover migration", _ work: @escaping @Sendable (MigrationContext) throws -> Success
    ) {
        let (stream, continuation) = AsyncStream.makeStream(
            of: MigrationProgress.self, bufferingPolicy: .bufferingNewest(1))
        progress = stream
        let context = MigrationContext(cancellation: cancellation, progress: continuation)
        let state = state
        let thread = Thread {
            let result = Result { try work(context) }
            continuation.finish()
            let waiting = state.withLock { state in
                guard case .running(let waiting) = state else { return [CheckedContinuation<Success, any Error>]() }
                state = .finished(result)
                return waiting
            }
            for waiter in waiting { waiter.resume(with: result) }
        }
        thread.name = name
        // The size of a main thread's stack: secondary threads get far less by default on Apple platforms.
        thread.stackSize = 8 << 20
        thread.start()
    }

    /// The work's result, once it has finished.
    ///
    /// Cancelling the awaiting task cancels the migration (see ``cancel()``); the work then usually throws
    /// `CancellationError`. Several tasks may await the value; each gets the same result.
    /// - Throws: What the work threw.
    public var value: Success {
        get async throws {
            try await withTaskCancellationHandler {
                try await withCheckedThrowingContinuation { waiter in
                    let finished = state.withLock { state -> Result<Success, any Error>? in
                        switch state {
                        case .running(let waiting):
                            state = .running(waiting: waiting + [waiter])
                            return nil
                        case .finished(let result):
                            return result
                        }
                    }
                    if let finished { waiter.resume(with: finished) }
                }
            } onCancel: {
                cancel()
            }
        }
    }

    /// Asks the migration to stop after the batch in flight (through ``MigrationContext/cancellation``).
    public func cancel() { cancellation.cancel() }
}
