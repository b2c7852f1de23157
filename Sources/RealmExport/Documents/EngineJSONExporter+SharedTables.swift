import Foundation
import RealmFile

/// Writing one table on several threads: the table's clusters are dealt into shares (see `ClusterShare`), each
/// written by a thread of its own into chunks (a cluster, or ~64 KB of one); the calling thread appends them in
/// cluster order. (It writes no share itself: then every share's thread does the same work, and none waits for a
/// thread that also merges.) The document is byte for byte the one a single thread writes, and an error is the one
/// a single reader would meet first.
extension EngineJSONExporter {
    /// Whether `table` can be written in shares: every value it prints is read from its own row, or is the primary
    /// key of a link target whose keys are now indexed (so no thread changes the shared index while others read it).
    /// Mixed values (whose links name their table) and links into embedded objects are written by one thread.
    func prepareSharedWriting(of layout: TableLayout) throws -> Bool {
        for printed in layout.printedColumns {
            switch printed.column.type {
            case .mixed, .typedLink, .backlink:
                return false
            case .link:
                guard let target = printed.target, !target.isEmbedded else { return false }
                if target.hasPrimaryKey {
                    guard let keys = try primaryKeys.keys(of: target.table, from: source) else { return false }
                    printed.targetKeys = keys
                }
            default:
                continue
            }
        }
        return true
    }

    /// Writes the objects of `layout`'s table on `threadCount` threads (separated by commas, as one thread writes
    /// them), adding them to `written`.
    func writeShared(
        _ layout: TableLayout, from source: any SharedReadingExportSource, threadCount: Int,
        counting written: inout WrittenCount
    ) throws {
        let queues = (0..<threadCount).map { _ in ChunkQueue() }
        for (index, queue) in queues.enumerated() {
            guard let share = ClusterShare(index: index, of: threadCount) else { continue }
            let writer = ShareWriter(
                exporter: EngineJSONExporter(
                    source: source, mode: mode, output: OutputBuffer(destination: queue.collector), threads: 1,
                    sharing: primaryKeys),
                source: source, table: layout.table, share: share, queue: queue)
            let thread = Thread { writer.run() }
            thread.name = "carryover.export.share"
            thread.start()
        }
        defer { for queue in queues { queue.stop() } }
        try ChunkMerge(queues: queues, output: output).appendChunks(counting: &written)
    }
}

/// The order in which the shares' chunks go out: each cluster position in turn, from the queue of its share.
private struct ChunkMerge {
    let queues: [ChunkQueue]
    let output: OutputBuffer

    /// Appends every chunk in cluster order, without the comma that leads the table's first object; throws the first
    /// failure met in cluster order.
    func appendChunks(counting written: inout WrittenCount) throws {
        var next = 0
        var ended: Set<Int> = []
        var first = true
        while ended.count < queues.count {
            let owner = next % queues.count
            let queue = queues[owner]
            var item = queue.peek()
            while case .chunk(let position, let bytes, let count) = item, position == next {
                queue.removeFirst()
                bytes.withUnsafeBytes { raw in
                    guard !raw.isEmpty else { return }
                    output.append(first ? UnsafeRawBufferPointer(rebasing: raw.dropFirst()) : raw)
                }
                first = first && bytes.isEmpty
                try written.add(count)
                item = queue.peek()
            }
            switch item {
            case .failure(let failure) where failure.position == next: throw failure.underlying
            case .end: ended.insert(owner)
            default: break
            }
            next += 1
        }
    }
}

/// What one share's thread hands over: a cluster's objects, or a run of them, each preceded by a comma.
private enum ChunkItem {
    case chunk(position: Int, bytes: [UInt8], objects: Int)
    case failure(ClusterReadFailure)
    case end
}

/// The chunks of one share, from its thread to the merging thread: at most `capacity` at once, under one lock.
private final class ChunkQueue: @unchecked Sendable {
    static let capacity = 2
    /// The size past which a share's thread hands over what it wrote of a cluster before finishing the cluster.
    static let chunkBytes: Int64 = 64 << 10
    /// Collects what the share's exporter writes, until it is taken as a chunk. Used by the share's thread only.
    let collector = ChunkCollector()
    private let condition = NSCondition()
    private var items: [ChunkItem] = []
    private var stopped = false
    private var finished = false

    /// Called by the share's thread; `false` once the merging thread has stopped.
    func put(_ item: ChunkItem) -> Bool {
        condition.lock()
        defer { condition.unlock() }
        while items.count >= Self.capacity && !stopped { condition.wait() }
        guard !stopped else { return false }
        items.append(item)
        condition.broadcast()
        return true
    }

    /// Called by the share's thread as its last act.
    func finish() {
        condition.lock()
        finished = true
        condition.broadcast()
        condition.unlock()
    }

    /// The first item, waiting for one; `.end` once the share's thread has finished without one.
    func peek() -> ChunkItem {
        condition.lock()
        defer { condition.unlock() }
        while items.isEmpty && !finished { condition.wait() }
        return items.first ?? .end
    }

    func removeFirst() {
        condition.lock()
        defer { condition.unlock() }
        if !items.isEmpty { items.removeFirst() }
        condition.broadcast()
    }

    /// Stops the share's thread and waits until it has finished.
    func stop() {
        condition.lock()
        defer { condition.unlock() }
        stopped = true
        items = []
        condition.broadcast()
        while !finished { condition.wait() }
    }
}

/// Keeps the bytes written to it until they are taken.
private final class ChunkCollector: ByteDestination {
    private(set) var bytes: [UInt8] = []

    func write(_ chunk: UnsafeRawBufferPointer) throws { bytes.append(contentsOf: chunk) }

    func take() -> [UInt8] {
        defer { bytes = [] }
        return bytes
    }
}

/// Thrown inside a share's thread when the merging thread has stopped.
private struct ShareStopped: Error {}

/// One share's thread. The exporter, its output and the queue's collector are used by this thread only; the source
/// is `Sendable`, and the primary-key index it shares with the merging thread is only read while shares are written
/// (`prepareSharedWriting(of:)` indexes every target first).
private struct ShareWriter: @unchecked Sendable {
    let exporter: EngineJSONExporter
    let source: any SharedReadingExportSource
    let table: StoredTable
    let share: ClusterShare
    let queue: ChunkQueue

    func run() {
        defer { queue.finish() }
        let layout = exporter.layout(for: table)
        let output = exporter.output
        var chunk = PendingChunk()
        do {
            try source.forEachRow(in: table, share: share) { object, position in
                if position != chunk.position {
                    if chunk.position >= 0, !handOver(&chunk) { throw ShareStopped() }
                    chunk.position = position
                }
                output.append(0x2C)
                try exporter.writeObject(object, layout: layout)
                chunk.objects += 1
                // A cluster that prints large (an album of 100 links per object) goes over in several chunks, so
                // what waits in the queue stays small.
                if output.totalBytes &- chunk.handedOverBytes >= ChunkQueue.chunkBytes, !handOver(&chunk) {
                    throw ShareStopped()
                }
            }
            if chunk.position >= 0, !handOver(&chunk) { return }
            _ = queue.put(.end)
        } catch let failure as ClusterReadFailure {
            guard !(failure.underlying is ShareStopped) else { return }
            // What was written before the failure goes out first: the objects (and part of an object) of the
            // failing cluster, or a whole earlier cluster when the failure came on the way to the next one.
            if output.totalBytes != chunk.handedOverBytes, !handOver(&chunk) { return }
            _ = queue.put(.failure(failure))
        } catch {
            return
        }
    }

    /// What the share's thread has written since it last handed a chunk over.
    private struct PendingChunk {
        /// The cluster being written; -1 before the first.
        var position = -1
        var objects = 0
        /// The output's `totalBytes` when the last chunk was handed over.
        var handedOverBytes: Int64 = 0
    }

    /// Hands what the exporter wrote since the last chunk over as a chunk of the cluster at `chunk.position`, and
    /// starts the next; `false` once the merging thread has stopped.
    private func handOver(_ chunk: inout PendingChunk) -> Bool {
        try? exporter.output.flush()  // into the collector, which never fails
        defer {
            chunk.objects = 0
            chunk.handedOverBytes = exporter.output.totalBytes
        }
        return queue.put(.chunk(position: chunk.position, bytes: queue.collector.take(), objects: chunk.objects))
    }
}
