import Foundation

/// A destination held in memory, with the same transaction contract as a database: writes become visible only at
/// ``commit(_:)``, and anything written since the last commit is dropped by ``rollback()`` or by the next
/// ``open(schema:sourceFingerprint:)`` (the in-memory stand-in for a process that died mid-batch).
///
/// Meant for tests and for checking a source without writing files. Safe to share between tasks.
public final class InMemorySink: MigrationSink, MigrationDestinationReader, @unchecked Sendable {
    private struct State {
        var schema: MigrationSchema?
        var fingerprint: String?
        var checkpoint: MigrationCheckpoint?
        var objects: [String: [Int64: MigrationRecord]] = [:]
        var commits = 0
    }

    private enum PendingWrite {
        case attributes(String, [MigrationRecord])
        case relationships(ClassDescription, [MigrationRecord])
    }

    private let lock = NSLock()
    private var committed = State()
    private var pending: [PendingWrite] = []

    /// Creates an empty destination.
    public init() {}

    /// The number of commits so far (a finished destination that is opened again must not grow it).
    public var commitCount: Int { lock.withLock { committed.commits } }

    /// The last committed checkpoint.
    public var checkpoint: MigrationCheckpoint? { lock.withLock { committed.checkpoint } }

    /// Every committed object of class `className`, in key order.
    public func committedRecords(of className: String) -> [MigrationRecord] {
        lock.withLock { (committed.objects[className] ?? [:]).sorted { $0.key < $1.key }.map(\.value) }
    }

    public func open(schema: MigrationSchema, sourceFingerprint: String) throws -> MigrationCheckpoint? {
        try lock.withLock {
            pending.removeAll()
            if let fingerprint = committed.fingerprint {
                guard fingerprint == sourceFingerprint else {
                    throw MigrationError.destinationFromAnotherSource(expected: sourceFingerprint, found: fingerprint)
                }
                guard committed.schema == schema else {
                    throw MigrationError.destinationSchemaMismatch("the recorded classes or fields differ")
                }
                return committed.checkpoint
            }
            committed.schema = schema
            committed.fingerprint = sourceFingerprint
            committed.commits += 1
            return nil
        }
    }

    public func writeAttributes(_ records: [MigrationRecord], of cls: ClassDescription) throws {
        try Self.checkShape(records, of: cls)
        let attributes = records.map { record in
            var copy = record
            copy.incomingLinks = []
            for (index, field) in cls.fields.enumerated() where field.isRelationship {
                copy.values[index] = field.collection == .single ? .null : Self.emptyCollection(field.collection)
            }
            return copy
        }
        lock.withLock { pending.append(.attributes(cls.name, attributes)) }
    }

    public func resolveRelationships(_ records: [MigrationRecord], of cls: ClassDescription) throws {
        try Self.checkShape(records, of: cls)
        lock.withLock { pending.append(.relationships(cls, records)) }
    }

    public func commit(_ checkpoint: MigrationCheckpoint) throws {
        try lock.withLock {
            var next = committed
            for write in pending {
                switch write {
                case .attributes(let className, let records):
                    for record in records {
                        guard next.objects[className]?[record.key] == nil else {
                            throw MigrationError.invalidRecord(
                                className: className, key: record.key, reason: "written twice")
                        }
                        next.objects[className, default: [:]][record.key] = record
                    }
                case .relationships(let cls, let records):
                    for record in records {
                        guard var stored = next.objects[cls.name]?[record.key],
                            stored.values.count == record.values.count
                        else {
                            throw MigrationError.invalidRecord(
                                className: cls.name, key: record.key, reason: "links written before attributes")
                        }
                        for (index, field) in cls.fields.enumerated() where field.isRelationship {
                            stored.values[index] = record.values[index]
                        }
                        next.objects[cls.name]?[record.key] = stored
                    }
                }
            }
            next.checkpoint = checkpoint
            next.commits += 1
            committed = next
            pending.removeAll()
        }
    }

    public func rollback() {
        lock.withLock { pending.removeAll() }
    }

    public func objectCount(of cls: ClassDescription) throws -> Int {
        lock.withLock { committed.objects[cls.name]?.count ?? 0 }
    }

    public func records(of cls: ClassDescription) throws -> any RecordCursor {
        ArrayRecordCursor(committedRecords(of: cls.name))
    }

    private static func checkShape(_ records: [MigrationRecord], of cls: ClassDescription) throws {
        for record in records where record.values.count != cls.fields.count {
            throw MigrationError.invalidRecord(
                className: cls.name, key: record.key,
                reason: "\(record.values.count) values for \(cls.fields.count) fields")
        }
    }

    private static func emptyCollection(_ collection: FieldCollection) -> MigrationValue {
        switch collection {
        case .single: .null
        case .list: .list([])
        case .set: .set([])
        case .dictionary: .dictionary([])
        }
    }
}

/// A cursor over records already in memory.
public final class ArrayRecordCursor: RecordCursor {
    private var iterator: IndexingIterator<[MigrationRecord]>

    /// Creates a cursor over `records`, in the given order.
    public init(_ records: [MigrationRecord]) { iterator = records.makeIterator() }

    public func next() throws -> MigrationRecord? { iterator.next() }
}
