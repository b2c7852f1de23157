import Foundation

/// The SQLite file behind a container: one table per entity (a column per attribute, a foreign-key column per
/// to-one relationship); a one-to-many relationship is its inverse's foreign-key column, and every other to-many
/// relationship a join table: a set of (owner, target) rows, no order (see ``ToManySQL``).
///
/// The store opens in WAL mode with `synchronous=FULL`: a `save()` is one transaction that is durable when it
/// returns, also across power loss, and a killed process leaves the last committed save (SQLite recovers the WAL).
/// All access is serialized by one lock, since contexts on different threads share the container's connection.
final class Store: @unchecked Sendable {
    let connection: SQLiteConnection
    let identifier: String
    let schema: Schema
    private let lock = NSLock()

    /// `name` as an SQL identifier (double quotes doubled), without Foundation on this hot path.
    static func quote(_ name: String) -> String {
        var quoted = "\""
        for character in name {
            if character == "\"" { quoted.append("\"") }
            quoted.append(character)
        }
        quoted.append("\"")
        return quoted
    }
    static func table(_ entity: Entity) -> String { entity.sql.table }

    init(path: String, schema: Schema) throws {
        connection = try SQLiteConnection(path: path)
        self.schema = schema
        try connection.execute("PRAGMA journal_mode=WAL; PRAGMA synchronous=FULL; PRAGMA foreign_keys=OFF")
        try connection.execute(
            """
            CREATE TABLE IF NOT EXISTS "_SwiftDataMetadata"(key TEXT PRIMARY KEY, value TEXT NOT NULL);
            CREATE TABLE IF NOT EXISTS "_SwiftDataSequence"(entity TEXT PRIMARY KEY, next INTEGER NOT NULL);
            """)
        if let existing = try Self.metadata("storeIdentifier", connection) {
            identifier = existing
            guard try Self.metadata("layout", connection) == Self.layout else {
                throw SwiftDataError(
                    kind: .loadIssueModelContainer,
                    message:
                        "\(path) was written by an earlier layout of this runtime (join rows for one-to-many "
                        + "relationships, ordered join rows, NaN or decimals as text); rehearse into a fresh store")
            }
        } else {
            identifier = UUID().uuidString
            let write = try connection.cached(
                #"INSERT INTO "_SwiftDataMetadata"(key, value) VALUES ('storeIdentifier', ?), ('layout', ?)"#)
            try write.bind([.text(identifier), .text(Self.layout)])
            try write.run()
        }
        for entity in schema.entities { try createTables(entity) }
    }

    /// The store layout this runtime writes: one-to-many relationships in their inverse's foreign-key column, other
    /// to-many relationships as sets of `(owner, target)` rows, doubles, dates and decimals as reals. A store written
    /// by an earlier layout is refused rather than misread.
    static let layout = "3"

    private static func metadata(_ key: String, _ connection: SQLiteConnection) throws -> String? {
        let read = try connection.cached(#"SELECT value FROM "_SwiftDataMetadata" WHERE key = ?"#)
        defer { read.reset() }
        try read.bind([.text(key)])
        guard try read.step(), case .text(let text) = read.value(at: 0) else { return nil }
        return text
    }

    func locked<T>(_ body: () throws -> T) rethrows -> T {
        lock.lock()
        defer { lock.unlock() }
        return try body()
    }

    /// Creates the entity's tables and indexes, and adds columns a newer model declares (lightweight migration).
    private func createTables(_ entity: Entity) throws {
        let table = Self.table(entity)
        var columns = [#""pk" INTEGER PRIMARY KEY"#]
        for property in entity.properties where !property.isToMany {
            columns.append("\(Self.quote(property.name)) \(property.codec?.columnType ?? "INTEGER")")
        }
        try connection.execute("CREATE TABLE IF NOT EXISTS \(table)(\(columns.joined(separator: ", ")))")
        var existing: Set<String> = []
        let info = try connection.cached("PRAGMA table_info(\(table))")
        while try info.step() {
            if case .text(let name) = info.value(at: 1) { existing.insert(name) }
        }
        for property in entity.properties where !property.isToMany && !existing.contains(property.name) {
            try connection.execute(
                "ALTER TABLE \(table) ADD COLUMN \(Self.quote(property.name)) \(property.codec?.columnType ?? "INTEGER")"
            )
        }
        for property in entity.properties {
            guard let join = entity.toMany(property.index)?.joinTable else { continue }
            try connection.execute(
                """
                CREATE TABLE IF NOT EXISTS \(join)(owner INTEGER NOT NULL, target INTEGER NOT NULL, \
                PRIMARY KEY(owner, target)) WITHOUT ROWID;
                CREATE INDEX IF NOT EXISTS \(Self.quote("\(entity.name)_\(property.name)_target")) ON \(join)(target)
                """)
        }
        for property in entity.properties where property.isToOne {
            try connection.execute(
                "CREATE INDEX IF NOT EXISTS \(Self.quote("\(entity.name)_\(property.name)_fk")) ON \(table)(\(Self.quote(property.name)))"
            )
        }
        for (number, constraint) in entity.uniqueConstraints.enumerated() {
            let names = constraint.map { Self.quote(entity.properties[$0].name) }.joined(separator: ", ")
            try connection.execute(
                "CREATE UNIQUE INDEX IF NOT EXISTS \(Self.quote("\(entity.name)_unique_\(number)")) ON \(table)(\(names))"
            )
        }
        for constraint in entity.indices {
            let names = constraint.map { entity.properties[$0].name }
            try connection.execute(
                "CREATE INDEX IF NOT EXISTS \(Self.quote("\(entity.name)_index_\(names.joined(separator: "_"))")) ON \(table)(\(names.map(Self.quote).joined(separator: ", ")))"
            )
        }
    }

    /// The columns read for an entity row, after `pk`: every attribute and to-one relationship.
    static func storedProperties(_ entity: Entity) -> [Entity.Property] { entity.sql.storedProperties }

    static func selectList(_ entity: Entity) -> String { entity.sql.selectList }

    /// Decodes the current row of a `SELECT selectList(entity)` into slots.
    static func slots(from statement: SQLiteStatement, entity: Entity) throws -> [BackingData.Slot] {
        var slots = Array(repeating: BackingData.Slot.toManyFault, count: entity.properties.count)
        var column: Int32 = 1
        for property in entity.properties where !property.isToMany {
            if let codec = property.codec {
                do {
                    slots[property.index] = .attribute(try codec.decode(statement.value(at: column)))
                } catch let error as SwiftDataError {
                    throw error.at("\(entity.name).\(property.name)")
                }
            } else if statement.isNull(at: column) {
                guard !property.isRequired else {
                    throw SwiftDataError.decodingFailed(
                        "\(entity.name).\(property.name) is a non-optional relationship, but its stored row has none")
                }
                slots[property.index] = .toOneFault(nil)
            } else {
                slots[property.index] = .toOneFault(statement.int(at: column))
            }
            column += 1
        }
        return slots
    }

    /// Reserves `count` primary keys for `entity` (inside the save transaction).
    func reserveKeys(_ entity: Entity, count: Int) throws -> Int64 {
        let read = try connection.cached(#"SELECT next FROM "_SwiftDataSequence" WHERE entity = ?"#)
        try read.bind([.text(entity.name)])
        var next: Int64 = 1
        if try read.step() {
            next = read.int(at: 0)
        } else {
            let max = try connection.cached("SELECT coalesce(max(pk), 0) + 1 FROM \(Self.table(entity))")
            if try max.step() { next = max.int(at: 0) }
            max.reset()
        }
        read.reset()
        let write = try connection.cached(#"INSERT OR REPLACE INTO "_SwiftDataSequence"(entity, next) VALUES (?, ?)"#)
        try write.bind([.text(entity.name), .integer(next + Int64(count))])
        try write.run()
        return next
    }
}
