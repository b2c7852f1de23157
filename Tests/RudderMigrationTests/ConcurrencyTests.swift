import Foundation
import RudderMigration
import Testing

/// Behaviour 10: two threads calling `migrate()` at once: one migrates, the other gets the finished result.
@Suite struct ConcurrencyTests {
    @Test func twoConcurrentMigrationsWriteOnceAndShareTheResult() throws {
        let container = try LegacyContainer()
        try container.writePlist(GuideExample.legacyValues)
        let store = CountingStore(PropertyListFileStore(url: container.destinationURL))
        // Two migrators (as two call sites would make) over the same destination.
        let first = container.migrator(destination: store)
        let second = container.migrator(destination: store)
        // Hold the running migration at its first read until the other caller is waiting for it.
        let gate = FirstReadGate { first.waitingMigrateCallCount + second.waitingMigrateCallCount >= 1 }
        store.beforeRead = { gate.pass() }

        // Two real threads (a thread pool might run both calls one after the other on one thread).
        let results = ResultBox()
        let finished = DispatchSemaphore(value: 0)
        for migrator in [first, second] {
            Thread {
                results.append(Result { try migrator.migrate() })
                finished.signal()
            }.start()
        }
        finished.wait()
        finished.wait()

        let reports = try results.all.map { try $0.get() }
        #expect(reports.count == 2)
        #expect(reports.allSatisfy { $0.outcome == .migrated })
        #expect(reports.first == reports.last)
        #expect(store.writes == 3)  // one run: started marker, values, completion marker
        #expect(store.reads == 2)  // one run: the destination check and the read-back
        #expect(gate.sawWaiter)
    }

    @Test func aLaterCallAfterTheRunFinishedSaysAlreadyMigrated() throws {
        let container = try LegacyContainer()
        try container.writePlist(GuideExample.legacyValues)
        let migrator = container.migrator()
        #expect(try migrator.migrate().outcome == .migrated)
        #expect(try migrator.migrate().outcome == .alreadyMigrated)
    }
}

/// Blocks the first caller of `pass()` until `condition` holds (checked every millisecond, at most ten seconds).
private final class FirstReadGate: @unchecked Sendable {
    private let lock = NSLock()
    private var used = false
    private(set) var sawWaiter = false
    private let condition: @Sendable () -> Bool

    init(_ condition: @escaping @Sendable () -> Bool) { self.condition = condition }

    func pass() {
        let isFirst = lock.locked {
            defer { used = true }
            return !used
        }
        guard isFirst else { return }
        for _ in 0..<10_000 {
            if condition() {
                lock.locked { sawWaiter = true }
                return
            }
            usleep(1000)
        }
    }
}

private final class ResultBox: @unchecked Sendable {
    private let lock = NSLock()
    private var results: [Result<RudderMigrationReport, any Error>] = []
    func append(_ result: Result<RudderMigrationReport, any Error>) { lock.locked { results.append(result) } }
    var all: [Result<RudderMigrationReport, any Error>] { lock.locked { results } }
}
