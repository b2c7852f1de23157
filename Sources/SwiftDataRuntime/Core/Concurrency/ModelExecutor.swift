import Dispatch

/// An interface for performing storage-related tasks using an isolated model context.
///
/// A model actor runs on its model executor (see ``ModelActor``); the executor owns the context that the actor's
/// code uses, so only one job at a time touches it.
public protocol ModelExecutor: Executor {
    /// The context the executor's jobs use.
    var modelContext: ModelContext { get }
}

/// An interface for performing serial storage-related tasks using an isolated model context.
public protocol SerialModelExecutor: ModelExecutor, SerialExecutor {}

/// An object that safely performs storage-related tasks using an isolated model context.
///
/// Jobs run one at a time, in the order they were enqueued, on a serial dispatch queue of the executor's own
/// (`SwiftData.DefaultSerialModelExecutor`). The context is only touched by those jobs, which is what makes this
/// non-`Sendable` context safe to hold in a `Sendable` executor.
///
/// ```swift
/// let executor = DefaultSerialModelExecutor(modelContext: ModelContext(container))
/// ```
public final class DefaultSerialModelExecutor: SerialModelExecutor, @unchecked Sendable {
    /// The context the executor's jobs use.
    public let modelContext: ModelContext
    private let queue = DispatchQueue(label: "SwiftData.DefaultSerialModelExecutor")

    /// Creates an executor for a context; the context must not be used elsewhere afterwards.
    public init(modelContext: ModelContext) {
        self.modelContext = modelContext
    }

    /// Runs `job` on the executor's queue after the jobs enqueued before it.
    public func enqueue(_ job: consuming ExecutorJob) {
        let job = UnownedJob(job)
        queue.async { job.runSynchronously(on: self.asUnownedSerialExecutor()) }
    }

    /// Convert this executor value to the optimized form of borrowed executor references.
    public func asUnownedSerialExecutor() -> UnownedSerialExecutor {
        UnownedSerialExecutor(ordinary: self)
    }

    /// Traps unless called from one of the executor's jobs (used by `assumeIsolated` from code the concurrency
    /// runtime cannot see is on this executor, such as a dispatch callback on its queue).
    public func checkIsolated() {
        dispatchPrecondition(condition: .onQueue(queue))
    }
}
