import Foundation
import Synchronization

#if canImport(Glibc)
    import Glibc
#endif

/// A test hook, not Apple API: with `CARRYOVER_RUNTIME_KILL_IN_SAVE=N` in the environment, the process kills itself
/// with SIGKILL inside its Nth `save()` (counting from 1), after the save's rows are written and before its
/// transaction commits — so crash tests can kill a migration inside a save, not only between saves.
enum SaveCrashPoint {
    private static let target: Int? = ProcessInfo.processInfo.environment["CARRYOVER_RUNTIME_KILL_IN_SAVE"]
        .flatMap { Int($0) }
    private static let saves = Atomic<Int>(0)

    /// Called inside every save's transaction, just before it commits.
    static func reached() {
        guard let target else { return }
        if saves.add(1, ordering: .relaxed).newValue == target { kill(getpid(), SIGKILL) }
    }
}
