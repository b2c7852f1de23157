import Foundation

/// Reads a detachable cursor (``RecordCursor/isDetachable``) ahead on a thread of its own, in chunks of
/// ``chunkSize`` records, at most ``chunksAhead`` chunks ahead, and hands the records out in order on the thread that
/// calls ``next()``. So the source is read on one core while the verifier reads the destination and compares on
/// another. Chunks handed out go back to the reading thread to be freed there, since freeing memory another thread
/// allocated is slow. At most `(chunksAhead + 3) × chunkSize` records are held at once, a fraction of a copy batch.
///
/// ``close()`` must be called (it waits for the reading thread to stop); until then the base cursor, and the source
/// it reads, belong to the reading thread.
final class ReadAheadCursor: RecordCursor {
    static let chunkSize = 64
    static let chunksAhead = 2

    private let channel = Channel()
    private var chunk: [MigrationRecord] = []
    private var position = 0
    private var ended = false

    init(_ base: any RecordCursor) {
        let work = DetachedRead(base: base, channel: channel)
        let thread = Thread { work.run() }
        thread.name = "carryover.verify.read-ahead"
        thread.start()
    }

    deinit { close() }

    func next() throws -> MigrationRecord? {
        while position == chunk.count {
            guard !ended else { return nil }
            let spent = chunk
            chunk = []
            switch channel.take(returning: spent) {
            case .records(let records):
                chunk = records
                position = 0
            case .end:
                ended = true
                chunk = []
                position = 0
            case .failure(let error):
                ended = true
                chunk = []
                position = 0
                throw error
            }
        }
        defer { position += 1 }
        return chunk[position]
    }

    /// Stops the reading thread and waits until it has finished with the base cursor.
    func close() {
        channel.stop()
        ended = true
    }

    fileprivate enum Item {
        case records([MigrationRecord])
        case end
        case failure(any Error)
    }

    /// The chunks between the two threads, guarded by one condition lock.
    fileprivate final class Channel: @unchecked Sendable {
        private let condition = NSCondition()
        private var items: [Item] = []
        private var spent: [[MigrationRecord]] = []
        private var stopped = false
        private var finished = false

        /// Called by the reader before reading a chunk: waits for room, and takes the chunks the consumer is done
        /// with (for the reader to free). `room` is `false` once the consumer has stopped.
        func waitForRoom() -> (room: Bool, spent: [[MigrationRecord]]) {
            condition.lock()
            defer { condition.unlock() }
            while items.count >= ReadAheadCursor.chunksAhead && !stopped { condition.wait() }
            defer { spent = [] }
            return (!stopped, spent)
        }

        func put(_ item: Item) {
            condition.lock()
            items.append(item)
            condition.broadcast()
            condition.unlock()
        }

        /// Called by the reader as its last act: it no longer touches the base cursor.
        func finish() {
            condition.lock()
            finished = true
            condition.broadcast()
            condition.unlock()
        }

        /// Called by the consumer: hands back the chunk it is done with, then waits for the next item.
        func take(returning spentChunk: [MigrationRecord]) -> Item {
            condition.lock()
            defer { condition.unlock() }
            if !spentChunk.isEmpty && !finished { spent.append(spentChunk) }
            while items.isEmpty && !finished { condition.wait() }
            guard !items.isEmpty else { return .end }
            condition.broadcast()
            return items.removeFirst()
        }

        func stop() {
            condition.lock()
            defer { condition.unlock() }
            stopped = true
            items = []
            condition.broadcast()
            while !finished { condition.wait() }
            spent = []
        }
    }
}

/// The reading thread's work. The base cursor is not `Sendable`; it is only ever used by this thread until the
/// channel is finished, after which the consuming thread may use the source again (the condition lock orders the
/// two), which is what ``RecordCursor/isDetachable`` promises is safe.
private struct DetachedRead: @unchecked Sendable {
    let base: any RecordCursor
    let channel: ReadAheadCursor.Channel

    func run() {
        defer { channel.finish() }
        while true {
            // The chunks the consumer is done with are freed here, on this thread.
            guard channel.waitForRoom().room else { return }
            var records: [MigrationRecord] = []
            records.reserveCapacity(ReadAheadCursor.chunkSize)
            do {
                while records.count < ReadAheadCursor.chunkSize, let record = try base.next() {
                    records.append(record)
                }
            } catch {
                if !records.isEmpty { channel.put(.records(records)) }
                channel.put(.failure(error))
                return
            }
            if !records.isEmpty { channel.put(.records(records)) }
            if records.count < ReadAheadCursor.chunkSize {
                channel.put(.end)
                return
            }
        }
    }
}
