/// What the work of a ``MigrationTask`` gets from the task: where to report progress and when to stop.
///
/// Hand both to the ``Migrator`` the work creates:
///
/// ```swift
/// try Migrator(source: source, sink: sink, cancellation: context.cancellation).run(progress: context.report)
/// ```
public struct MigrationContext: Sendable {
    /// Cancelled when the task is cancelled, or when the task awaiting ``MigrationTask/value`` is.
    public let cancellation: MigrationCancellation
    private let progress: AsyncStream<MigrationProgress>.Continuation

    init(cancellation: MigrationCancellation, progress: AsyncStream<MigrationProgress>.Continuation) {
        self.cancellation = cancellation
        self.progress = progress
    }

    /// Whether the work should stop (a shorthand for `cancellation.isCancelled`).
    public var isCancelled: Bool { cancellation.isCancelled }

    /// Delivers `progress` to ``MigrationTask/progress``; never blocks (only the newest report is kept).
    public func report(_ progress: MigrationProgress) { self.progress.yield(progress) }
}
