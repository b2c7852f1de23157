import Foundation
import MigrationEngine
import SQLiteSink
import TestSupport
import Testing

/// `MigrationTask`: synchronous migration work on its own thread, seen from async callers.
@Suite struct MigrationTaskTests {
    /// A migration of the synthetic source into the SQLite database at `path`, source and sink built on the
    /// task's thread; `onRead` runs on that thread with the context, before each read.
    private static func migration(
        into path: String, seed: UInt64 = 3, batchSize: Int = 10,
        onRead: @escaping @Sendable (Int, MigrationContext) -> Void = { _, _ in }
    ) -> MigrationTask<(MigrationOutcome, VerificationReport)> {
        MigrationTask { context in
            let source = SyntheticSource(seed: seed)
            source.onRead = { onRead($0, context) }
            let sink = try SQLiteSink(path: path)
            let outcome = try Migrator(
                source: source, sink: sink, batchSize: batchSize, cancellation: context.cancellation
            )
            .run(progress: context.report)
            return (outcome, try Verifier(source: source, destination: sink).verify(level: .full))
        }
    }

    @Test func deliversProgressAndReturnsTheResult() async throws {
        let directory = try TemporaryDirectory()
        defer { directory.remove() }
        let migration = Self.migration(into: directory.appending("out.sqlite").path, seed: 7, batchSize: 25)
        var reports: [MigrationProgress] = []
        for await report in migration.progress { reports.append(report) }
        let (outcome, verification) = try await migration.value
        #expect(!reports.isEmpty)
        #expect(reports.count <= outcome.batchesCommitted)
        let last = try #require(reports.last)
        #expect(last.phase == .relationships && last.phaseDone == last.phaseTotal && last.phaseTotal == 137)
        #expect(outcome.checkpoint.phase == .finished)
        #expect(verification.passed, "\(verification.problems)")
    }

    @Test func cancellingTheAwaitingTaskStopsAfterTheCommittedBatchAndResumes() async throws {
        let directory = try TemporaryDirectory()
        defer { directory.remove() }
        let path = directory.appending("out.sqlite").path
        // Read 50 waits until the cancellation arrives, so it lands inside the batch of reads 46…55.
        let atRead50 = SharedCounter(0)
        let migration = Self.migration(into: path) { read, context in
            guard read == 50 else { return }
            atRead50.increment()
            while !context.isCancelled { usleep(1_000) }
        }
        let waiter = Task { try await migration.value }
        while atRead50.value == 0 { try await Task.sleep(nanoseconds: 1_000_000) }
        waiter.cancel()
        await #expect(throws: CancellationError.self) { try await waiter.value }
        let stopped = try #require(try SQLiteSink(path: path).storedCheckpoint())
        #expect(stopped.phase == .attributes)
        #expect(stopped.phaseObjectsDone == 55)

        let (outcome, verification) = try await Self.migration(into: path).value
        #expect(outcome.resumedFrom == stopped)
        #expect(verification.passed, "\(verification.problems)")
    }

    @Test func cancelStopsTheWorkWithoutAnAwaitingTask() async throws {
        let directory = try TemporaryDirectory()
        defer { directory.remove() }
        let migration = Self.migration(into: directory.appending("out.sqlite").path) { read, context in
            guard read == 50 else { return }
            while !context.isCancelled { usleep(1_000) }
        }
        migration.cancel()
        await #expect(throws: CancellationError.self) { try await migration.value }
    }

    @Test func errorsOfTheWorkPropagate() async throws {
        let migration = MigrationTask<MigrationOutcome> { context in
            let source = SyntheticSource(seed: 8)
            source.replaceRecords(of: "Note", with: (source.recordsByClass["Note"] ?? []).reversed())
            return try Migrator(source: source, sink: InMemorySink(), cancellation: context.cancellation)
                .run(progress: context.report)
        }
        await #expect(throws: MigrationError.keysOutOfOrder(className: "Note", previous: 59, next: 58)) {
            try await migration.value
        }
    }

    @MainActor @Test func awaitingFromTheMainActorLeavesItFree() async throws {
        let mainActorRan = MigrationCancellation()
        // The work finishes only after the main actor has run other work while it waits.
        let migration = MigrationTask<Bool> { _ in
            let deadline = Date().addingTimeInterval(10)
            while !mainActorRan.isCancelled, Date() < deadline { usleep(1_000) }
            return mainActorRan.isCancelled
        }
        Task { @MainActor in mainActorRan.cancel() }
        #expect(try await migration.value)
    }

    @Test func eachTaskBlocksAThreadOfItsOwnNotTheCooperativePool() async throws {
        // More tasks than processors, each blocking until all have started: on the cooperative pool (one thread
        // per processor) they could not all start.
        let count = ProcessInfo.processInfo.activeProcessorCount + 2
        let started = SharedCounter(0)
        let tasks = (0..<count).map { _ in
            MigrationTask<Bool> { _ in
                started.increment()
                let deadline = Date().addingTimeInterval(10)
                while started.value < count, Date() < deadline { usleep(1_000) }
                return started.value == count && !Thread.isMainThread
            }
        }
        for task in tasks { #expect(try await task.value) }
    }
}

/// A counter the tasks' threads share.
private final class SharedCounter: @unchecked Sendable {
    private let lock = NSLock()
    private var count: Int

    init(_ count: Int) { self.count = count }

    var value: Int { lock.withLock { count } }

    func increment() { lock.withLock { count += 1 } }
}
