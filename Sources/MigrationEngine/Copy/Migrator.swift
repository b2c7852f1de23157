import Foundation

/// Copies every object of a source into a sink in batches, in two phases (attributes, then relationships),
/// committing a checkpoint with every batch so that a rerun continues where the last run stopped.
///
/// ```swift
/// let outcome = try Migrator(source: source, sink: sink, batchSize: 5_000).run { progress in
///     print("\(progress.className): \(progress.classDone)/\(progress.classTotal)")
/// }
/// ```
///
/// `run` is synchronous and stays on the thread that calls it, so a sink whose storage is bound to one thread
/// (a SwiftData `ModelContext`) can be created and used there. ``MigrationTask`` runs it on a thread of its own for
/// async callers. `run` stops after the batch in flight is committed and throws `CancellationError` when the
/// ``MigrationCancellation`` it was given is cancelled, or when it is called inside a Swift task that gets
/// cancelled; the destination stays resumable.
public final class Migrator {
    /// The default number of objects per batch (and per transaction).
    public static let defaultBatchSize = 5_000

    private let source: any MigrationSource
    private let sink: any MigrationSink
    private let batchSize: Int
    private let cancellation: MigrationCancellation?

    /// Creates a migrator.
    /// - Parameters:
    ///   - source: Where objects come from; only read.
    ///   - sink: Where they go.
    ///   - batchSize: Objects per batch (values below 1 count as 1).
    ///   - cancellation: Checked between batches, as the current task's cancellation is; `nil` for task
    ///     cancellation only. ``MigrationContext/cancellation`` is the one a ``MigrationTask`` cancels.
    public init(
        source: any MigrationSource, sink: any MigrationSink, batchSize: Int = Migrator.defaultBatchSize,
        cancellation: MigrationCancellation? = nil
    ) {
        self.source = source
        self.sink = sink
        self.batchSize = max(1, batchSize)
        self.cancellation = cancellation
    }

    /// Runs (or continues) the migration to the end, on the calling thread.
    /// - Parameter progress: Called on the calling thread after every committed batch.
    /// - Returns: What this run did.
    /// - Throws: Source and sink errors (the batch in flight is rolled back), `CancellationError` when the
    ///   cancellation or the task was cancelled, ``MigrationError`` for a destination that belongs to another source.
    public func run(progress: (MigrationProgress) -> Void = { _ in }) throws -> MigrationOutcome {
        let schema = try source.schema()
        let fingerprint = try source.fingerprint()
        let resumedFrom = try sink.open(schema: schema, sourceFingerprint: fingerprint)
        var checkpoint = resumedFrom ?? .start
        var outcome = MigrationOutcome(resumedFrom: resumedFrom, checkpoint: checkpoint)
        guard checkpoint.phase != .finished else { return outcome }

        let counts = try schema.classes.map { try source.objectCount(of: $0) }
        let clock = RunClock()
        for phase in [MigrationCheckpoint.Phase.attributes, .relationships] where phase >= checkpoint.phase {
            if phase > checkpoint.phase {
                checkpoint = MigrationCheckpoint(
                    phase: phase, classIndex: 0, lastKey: nil, classObjectsDone: 0, phaseObjectsDone: 0,
                    batchesCommitted: checkpoint.batchesCommitted)
            }
            let phaseClasses = schema.classes.indices.filter {
                phase == .attributes || schema.classes[$0].hasRelationships
            }
            let phaseTotal = phaseClasses.reduce(0) { $0 + counts[$1] }
            for classIndex in phaseClasses where classIndex >= checkpoint.classIndex {
                if classIndex > checkpoint.classIndex {
                    checkpoint.classIndex = classIndex
                    checkpoint.lastKey = nil
                    checkpoint.classObjectsDone = 0
                }
                let cls = schema.classes[classIndex]
                let cursor = try source.records(of: cls, after: checkpoint.lastKey)
                while true {
                    if Task.isCancelled || cancellation?.isCancelled == true { throw CancellationError() }
                    let batch = try readBatch(
                        from: cursor, of: cls, after: checkpoint.lastKey, countingLinks: phase == .relationships)
                    guard let last = batch.last else { break }
                    do {
                        if phase == .attributes {
                            try sink.writeAttributes(batch, of: cls)
                        } else {
                            try sink.resolveRelationships(batch, of: cls)
                        }
                        var next = checkpoint
                        next.lastKey = last.key
                        next.classObjectsDone += batch.count
                        next.phaseObjectsDone += batch.count
                        next.batchesCommitted += 1
                        try sink.commit(next)
                        checkpoint = next
                    } catch {
                        sink.rollback()
                        throw error
                    }
                    outcome.objectsWritten += batch.count
                    outcome.batchesCommitted += 1
                    outcome.bytes += batch.reduce(0) { $0 + $1.payloadByteCount }
                    outcome.checkpoint = checkpoint
                    progress(
                        MigrationProgress(
                            phase: phase, className: cls.name, classDone: checkpoint.classObjectsDone,
                            classTotal: counts[classIndex], phaseDone: checkpoint.phaseObjectsDone,
                            phaseTotal: phaseTotal, bytes: outcome.bytes,
                            objectsPerSecond: clock.rate(outcome.objectsWritten)))
                }
            }
        }
        checkpoint.phase = .finished
        do {
            try sink.commit(checkpoint)
        } catch {
            sink.rollback()
            throw error
        }
        outcome.checkpoint = checkpoint
        return outcome
    }

    /// Reads the next batch: records until their weight reaches the batch size. A record weighs 1; in the
    /// relationship phase (`countingLinks`) each of its links weighs what the sink says it touches
    /// (``MigrationSink/linkWeight(of:in:)``, at least 1), because a destination that keeps inverses (SwiftData)
    /// touches every target of every link, so a batch of 1,000 albums with 100 tracks each would otherwise hold
    /// 101,000 objects.
    private func readBatch(
        from cursor: any RecordCursor, of cls: ClassDescription, after key: Int64?, countingLinks: Bool
    ) throws -> [MigrationRecord] {
        var batch: [MigrationRecord] = []
        batch.reserveCapacity(batchSize)
        var previous = key
        var weight = 0
        let relationshipFields =
            countingLinks
            ? cls.fields.indices.filter { cls.fields[$0].isRelationship }.map {
                (index: $0, weight: max(1, sink.linkWeight(of: cls.fields[$0], in: cls)))
            } : []
        while weight < batchSize, let record = try cursor.next() {
            if let previous, record.key <= previous {
                throw MigrationError.keysOutOfOrder(className: cls.name, previous: previous, next: record.key)
            }
            guard record.values.count == cls.fields.count else {
                throw MigrationError.invalidRecord(
                    className: cls.name, key: record.key,
                    reason: "\(record.values.count) values for \(cls.fields.count) fields")
            }
            previous = record.key
            weight += 1
            for field in relationshipFields { record.values[field.index].forEachLink { _ in weight += field.weight } }
            batch.append(record)
        }
        return batch
    }
}

/// What one call of ``Migrator/run(progress:)`` did.
public struct MigrationOutcome: Sendable, Hashable, Codable {
    /// The checkpoint the run started from; `nil` for a new destination.
    public var resumedFrom: MigrationCheckpoint?
    /// The checkpoint the run ended at (phase `.finished` when the copy is complete).
    public var checkpoint: MigrationCheckpoint
    /// Objects written by this run, over both phases.
    public var objectsWritten = 0
    /// Batches committed by this run.
    public var batchesCommitted = 0
    /// Payload bytes written by this run.
    public var bytes: Int64 = 0

    /// Whether the destination was already complete, so the run did nothing.
    public var wasAlreadyComplete: Bool { resumedFrom?.phase == .finished }

    init(resumedFrom: MigrationCheckpoint?, checkpoint: MigrationCheckpoint) {
        self.resumedFrom = resumedFrom
        self.checkpoint = checkpoint
    }
}

/// Measures the rate of a run.
private struct RunClock {
    let start = DispatchTime.now().uptimeNanoseconds

    func rate(_ objects: Int) -> Double {
        let elapsed = Double(DispatchTime.now().uptimeNanoseconds &- start) / 1e9
        return elapsed > 0 ? Double(objects) / elapsed : 0
    }
}
