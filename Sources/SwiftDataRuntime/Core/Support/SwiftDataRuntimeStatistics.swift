import Synchronization

/// Runtime-only (not Apple API): process-wide counts of live model storage, so tests can prove that a new
/// ``ModelContext`` per batch keeps memory flat, and of the SQL statements run, so they can prove how many reads a
/// relationship costs.
///
/// A model object's storage (``BackingData``) is counted from creation to release. `init(backingData:)` briefly
/// creates and drops one placeholder, so the peak may exceed the true number of models by one.
///
/// ```swift
/// SwiftDataRuntimeStatistics.resetPeak()
/// for batch in batches { let context = ModelContext(container); /* insert, save */ }
/// assert(SwiftDataRuntimeStatistics.peakLiveModelCount <= 5_000 + 1)
/// ```
@_spi(CarryoverRuntime) public enum SwiftDataRuntimeStatistics {
    private static let live = Atomic<Int>(0)
    private static let peak = Atomic<Int>(0)
    private static let statements = Atomic<Int>(0)

    /// The number of model storages alive now.
    public static var liveModelCount: Int { live.load(ordering: .relaxed) }

    /// The highest ``liveModelCount`` since the process started or ``resetPeak()``.
    public static var peakLiveModelCount: Int { peak.load(ordering: .relaxed) }

    /// Sets the peak to the current live count.
    public static func resetPeak() { peak.store(live.load(ordering: .relaxed), ordering: .relaxed) }

    static func modelCreated() {
        let now = live.add(1, ordering: .relaxed).newValue
        _ = peak.max(now, ordering: .relaxed)
    }

    static func modelReleased() { live.subtract(1, ordering: .relaxed) }

    /// The number of SQL statements the runtime has run (each execution of a prepared statement counts once).
    public static var statementCount: Int { statements.load(ordering: .relaxed) }

    static func statementRun() { statements.add(1, ordering: .relaxed) }

    /// The writes to store files counted by the `CARRYOVER_RUNTIME_STORE_FAULT` test hook, or `nil` when it is off.
    public static var storeWriteCount: Int? { StoreFaultPoint.writes }

    /// The store file whose write the `CARRYOVER_RUNTIME_STORE_FAULT` test hook failed first (`database`, `log`,
    /// `journal`, `other`), or `nil`.
    public static var storeFailedFile: String? { StoreFaultPoint.failedFile }
}
