/// A cancellation flag a ``Migrator`` checks between batches, for migrations that run outside a Swift task
/// (on a thread of their own, as ``MigrationTask`` runs them).
///
/// Cancelling is final. The migrator finishes the batch in flight, commits it, and throws `CancellationError`,
/// so the destination can be resumed.
///
/// ```swift
/// let cancellation = MigrationCancellation()
/// // On another thread: cancellation.cancel()
/// let outcome = try Migrator(source: source, sink: sink, cancellation: cancellation).run()
/// ```
public final class MigrationCancellation: Sendable {
    private let flag = Locked(false)

    /// Creates a flag that is not cancelled.
    public init() {}

    /// Whether ``cancel()`` was called.
    public var isCancelled: Bool { flag.withLock { $0 } }

    /// Asks the migration to stop after the batch in flight. Safe to call from any thread, any number of times.
    public func cancel() { flag.withLock { $0 = true } }
}
