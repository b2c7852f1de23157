import CSQLite
import Foundation
import MigrationEngine

/// A migration destination in an SQLite database file: a table per class, typed columns, links as foreign keys,
/// collections in child tables, and the checkpoint in its own table (mapping in `docs/sqlite-schema.md`).
///
/// The database runs in WAL mode; every batch is one transaction that ends by writing the checkpoint row, so a crash
/// at any moment leaves the last committed batch and its checkpoint, and nothing after them. The indexes are built
/// by the commit that finishes the copy, so a destination that is not finished has none. Statements are prepared
/// once and reused.
///
/// ```swift
/// let sink = try SQLiteSink(path: "out.sqlite")
/// try Migrator(source: source, sink: sink).run()
/// let report = try Verifier(source: source, destination: sink).verify(level: .full)
/// ```
public final class SQLiteSink: MigrationSink, MigrationDestinationReader {
    let connection: SQLiteConnection
    private var layout: SQLiteLayout?
    private var statements: [String: ClassStatements] = [:]
    private var checkpointStatement: SQLiteStatement?

    /// Opens (creating if needed) the database at `path`.
    /// - Throws: ``SQLiteError`` when the file cannot be opened or is not a database.
    public init(path: String) throws {
        connection = try SQLiteConnection(path: path)
        try connection.execute("PRAGMA journal_mode = WAL; PRAGMA synchronous = NORMAL; PRAGMA cache_size = -4096")
    }

    public func open(schema: MigrationSchema, sourceFingerprint: String) throws -> MigrationCheckpoint? {
        let layout = try SQLiteLayout(schema: schema)
        let schemaText = try Self.schemaText(schema)
        try connection.execute("BEGIN IMMEDIATE")
        do {
            let checkpoint: MigrationCheckpoint?
            if try connection.tableExists(SQLiteLayout.sourceTable) {
                try checkRecordedSource(fingerprint: sourceFingerprint, schemaText: schemaText)
                checkpoint = try readCheckpoint()
            } else {
                try checkEmpty()
                for sql in layout.tableCreationSQL { try connection.execute(sql) }
                let insert = try connection.prepare(
                    "INSERT INTO \(quoted(SQLiteLayout.sourceTable)) (id, fingerprint, schema, mapping_version) VALUES (1, ?, ?, ?)"
                )
                try insert.bind(text: sourceFingerprint, at: 1)
                try insert.bind(text: schemaText, at: 2)
                try insert.bind(int: Int64(SQLiteLayout.mappingVersion), at: 3)
                try insert.run()
                checkpoint = nil
            }
            try connection.execute("COMMIT")
            try prepareStatements(for: layout)
            self.layout = layout
            return checkpoint
        } catch {
            try? connection.execute("ROLLBACK")
            throw error
        }
    }

    public func writeAttributes(_ records: [MigrationRecord], of cls: ClassDescription) throws {
        let prepared = try classStatements(for: cls)
        try beginIfNeeded()
        for record in records {
            var index: Int32 = 1
            try prepared.insert.bind(int: record.key, at: index)
            index += 1
            for fieldIndex in prepared.layout.attributeFields {
                index = try SQLiteValueCodec.bind(
                    value(record, fieldIndex, cls), as: cls.fields[fieldIndex].type, to: prepared.insert, at: index)
            }
            try prepared.insert.run()
            for collection in prepared.layout.collections where !collection.field.isRelationship {
                try insertElements(of: record, collection, prepared, cls)
            }
        }
    }

    public func resolveRelationships(_ records: [MigrationRecord], of cls: ClassDescription) throws {
        let prepared = try classStatements(for: cls)
        try beginIfNeeded()
        for record in records {
            if let update = prepared.update {
                var index: Int32 = 1
                for fieldIndex in prepared.layout.relationshipFields {
                    index = try SQLiteValueCodec.bind(
                        value(record, fieldIndex, cls), as: cls.fields[fieldIndex].type, to: update, at: index)
                }
                try update.bind(int: record.key, at: index)
                try update.run()
            }
            for collection in prepared.layout.collections where collection.field.isRelationship {
                try insertElements(of: record, collection, prepared, cls)
            }
        }
    }

    public func commit(_ checkpoint: MigrationCheckpoint) throws {
        try beginIfNeeded()
        guard let statement = checkpointStatement, let layout else {
            throw SQLiteError(code: SQLITE_MISUSE, extendedCode: SQLITE_MISUSE, message: "commit before open", sql: nil)
        }
        try statement.bind(int: Int64(checkpoint.phase.rawValue), at: 1)
        try statement.bind(int: Int64(checkpoint.classIndex), at: 2)
        if layout.classes.indices.contains(checkpoint.classIndex) {
            try statement.bind(text: layout.classes[checkpoint.classIndex].cls.name, at: 3)
        } else {
            try statement.bindNull(at: 3)
        }
        if let lastKey = checkpoint.lastKey {
            try statement.bind(int: lastKey, at: 4)
        } else {
            try statement.bindNull(at: 4)
        }
        try statement.bind(int: Int64(checkpoint.classObjectsDone), at: 5)
        try statement.bind(int: Int64(checkpoint.phaseObjectsDone), at: 6)
        try statement.bind(int: Int64(checkpoint.batchesCommitted), at: 7)
        try statement.run()
        if checkpoint.phase == .finished {
            for sql in layout.indexCreationSQL { try connection.execute(sql) }
        }
        try connection.execute("COMMIT")
    }

    public func rollback() {
        if connection.isInTransaction { try? connection.execute("ROLLBACK") }
    }

    /// The last committed checkpoint, or `nil` when the database holds no migration.
    public func storedCheckpoint() throws -> MigrationCheckpoint? {
        guard try connection.tableExists(SQLiteLayout.checkpointTable) else { return nil }
        return try readCheckpoint()
    }

    // MARK: Writing

    private func beginIfNeeded() throws {
        if !connection.isInTransaction { try connection.execute("BEGIN IMMEDIATE") }
    }

    private func value(_ record: MigrationRecord, _ index: Int, _ cls: ClassDescription) throws -> MigrationValue {
        guard record.values.indices.contains(index) else {
            throw MigrationError.invalidRecord(
                className: cls.name, key: record.key, reason: "no value for field \(index)")
        }
        return record.values[index]
    }

    private func insertElements(
        of record: MigrationRecord, _ collection: CollectionLayout, _ prepared: ClassStatements, _ cls: ClassDescription
    ) throws {
        guard let statement = prepared.collectionInserts[collection.fieldIndex] else { return }
        let elements: [(key: String?, value: MigrationValue)]
        switch try value(record, collection.fieldIndex, cls) {
        case .null: elements = []
        case .list(let items), .set(let items): elements = items.map { (nil, $0) }
        case .dictionary(let entries): elements = entries.map { ($0.key, $0.value) }
        default:
            throw MigrationError.invalidRecord(
                className: cls.name, key: record.key, reason: "field \(collection.field.name) is not a collection")
        }
        for (position, element) in elements.enumerated() {
            try statement.bind(int: record.key, at: 1)
            try statement.bind(int: Int64(position), at: 2)
            var index: Int32 = 3
            if collection.isDictionary {
                try statement.bind(text: element.key ?? "", at: 3)
                index = 4
            }
            _ = try SQLiteValueCodec.bind(element.value, as: collection.field.type, to: statement, at: index)
            try statement.run()
        }
    }

    // MARK: Opening

    private static func schemaText(_ schema: MigrationSchema) throws -> String {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys]
        return String(decoding: try encoder.encode(schema), as: UTF8.self)
    }

    private func checkRecordedSource(fingerprint: String, schemaText: String) throws {
        let statement = try connection.prepare(
            "SELECT fingerprint, schema FROM \(quoted(SQLiteLayout.sourceTable)) WHERE id = 1")
        guard try statement.step() else { throw MigrationError.destinationNotEmpty("its source record is missing") }
        let recorded = statement.text(at: 0)
        guard recorded == fingerprint else {
            throw MigrationError.destinationFromAnotherSource(expected: fingerprint, found: recorded)
        }
        guard statement.text(at: 1) == schemaText else {
            throw MigrationError.destinationSchemaMismatch("the recorded schema differs from the source's")
        }
    }

    private func checkEmpty() throws {
        let statement = try connection.prepare("SELECT name FROM sqlite_master WHERE name NOT LIKE 'sqlite_%' LIMIT 1")
        if try statement.step() {
            throw MigrationError.destinationNotEmpty("it already holds '\(statement.text(at: 0))'")
        }
    }

    private func readCheckpoint() throws -> MigrationCheckpoint? {
        let statement = try connection.prepare(
            "SELECT phase, class_index, last_key, class_objects_done, phase_objects_done, batches_committed FROM \(quoted(SQLiteLayout.checkpointTable)) WHERE id = 1"
        )
        guard try statement.step() else { return nil }
        let numbers = (0..<6).map { Int(exactly: statement.int(at: Int32($0))) }
        guard let phaseNumber = numbers[0], let phase = MigrationCheckpoint.Phase(rawValue: phaseNumber),
            let classIndex = numbers[1], let classObjectsDone = numbers[3], let phaseObjectsDone = numbers[4],
            let batchesCommitted = numbers[5]
        else {
            throw SQLiteSinkError.corruptDestination(reason: "checkpoint row out of range", sql: statement.sql)
        }
        return MigrationCheckpoint(
            phase: phase, classIndex: classIndex,
            lastKey: statement.columnType(2) == SQLITE_NULL ? nil : statement.int(at: 2),
            classObjectsDone: classObjectsDone, phaseObjectsDone: phaseObjectsDone, batchesCommitted: batchesCommitted)
    }

    private func prepareStatements(for layout: SQLiteLayout) throws {
        statements = [:]
        for classLayout in layout.classes {
            var collectionInserts: [Int: SQLiteStatement] = [:]
            for collection in classLayout.collections {
                collectionInserts[collection.fieldIndex] = try connection.prepare(collection.insertSQL)
            }
            statements[classLayout.cls.name] = ClassStatements(
                layout: classLayout, insert: try connection.prepare(classLayout.insertSQL),
                update: try classLayout.updateSQL.map(connection.prepare), collectionInserts: collectionInserts)
        }
        checkpointStatement = try connection.prepare(
            "INSERT OR REPLACE INTO \(quoted(SQLiteLayout.checkpointTable)) (id, phase, class_index, class_name, last_key, class_objects_done, phase_objects_done, batches_committed) VALUES (1, ?, ?, ?, ?, ?, ?, ?)"
        )
    }

    /// The schema recorded in the destination when it was created, or `nil` for a database without a migration.
    public func recordedSchema() throws -> MigrationSchema? {
        guard try connection.tableExists(SQLiteLayout.sourceTable) else { return nil }
        let statement = try connection.prepare("SELECT schema FROM \(quoted(SQLiteLayout.sourceTable)) WHERE id = 1")
        guard try statement.step() else { return nil }
        return try JSONDecoder().decode(MigrationSchema.self, from: Data(statement.text(at: 0).utf8))
    }

    func classStatements(for cls: ClassDescription) throws -> ClassStatements {
        if layout == nil, let schema = try recordedSchema() {
            // Reading a destination this instance did not open for writing: use the mapping it was created with.
            let recorded = try SQLiteLayout(schema: schema)
            try prepareStatements(for: recorded)
            layout = recorded
        }
        guard let prepared = statements[cls.name] else {
            throw SQLiteSinkError.unsupportedValue(
                field: cls.name, reason: "a class the destination was not opened with")
        }
        return prepared
    }
}

/// The reusable statements of one class.
struct ClassStatements {
    let layout: ClassLayout
    let insert: SQLiteStatement
    let update: SQLiteStatement?
    let collectionInserts: [Int: SQLiteStatement]
}
