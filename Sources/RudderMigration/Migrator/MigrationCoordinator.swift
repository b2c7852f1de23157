import Foundation

/// Serialises runs against one destination within the process. When a `migrate()` arrives while another is running,
/// it waits and returns that run's result instead of starting its own; `inspect()` waits for a free slot.
final class MigrationCoordinator: @unchecked Sendable {
    // All mutable state is guarded by `condition`.
    private let condition = NSCondition()
    private var running: Kind?
    private var generation = 0
    private var lastResult: Result<RudderMigrationReport, any Error>?
    private var waitingCallers = 0

    private enum Kind {
        case migration
        case inspection
    }

    private static let registryLock = NSLock()
    nonisolated(unsafe) private static var registry: [String: MigrationCoordinator] = [:]

    /// The coordinator for the destination named `identity` (one per destination per process).
    static func forDestination(_ identity: String) -> MigrationCoordinator {
        registryLock.lock()
        defer { registryLock.unlock() }
        if let existing = registry[identity] { return existing }
        let coordinator = MigrationCoordinator()
        registry[identity] = coordinator
        return coordinator
    }

    /// Runs `body` as the one migration in progress, or waits for the one in progress and returns its result.
    func migrate(_ body: () throws -> RudderMigrationReport) throws -> RudderMigrationReport {
        condition.lock()
        while running == .inspection { condition.wait() }
        if running == .migration {
            let awaited = generation
            waitingCallers += 1
            while generation == awaited { condition.wait() }
            waitingCallers -= 1
            let shared = lastResult
            condition.unlock()
            if let shared { return try shared.get() }
            return try migrate(body)
        }
        running = .migration
        condition.unlock()

        let result = Result { try body() }

        condition.lock()
        running = nil
        lastResult = result
        generation &+= 1
        condition.broadcast()
        condition.unlock()
        return try result.get()
    }

    /// Runs `body` when no migration or other inspection is running.
    func inspect<T>(_ body: () -> T) -> T {
        condition.lock()
        while running != nil { condition.wait() }
        running = .inspection
        condition.unlock()
        defer {
            condition.lock()
            running = nil
            condition.broadcast()
            condition.unlock()
        }
        return body()
    }

    /// Test-only: how many `migrate()` callers are waiting for a run in progress.
    package var waitingCallerCount: Int {
        condition.lock()
        defer { condition.unlock() }
        return waitingCallers
    }
}
