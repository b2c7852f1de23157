import Checksums
import Foundation
import MigrationEngine
import RealmFile

/// A `.realm` file as a migration source: every class table (top-level, embedded and asymmetric) with its stored
/// properties, objects in object-key order, identified by their object key (which a primary key determines), and
/// each object's backlinks as its incoming links.
///
/// The file is opened read-only (memory-mapped by `RealmFileReader`) and never written.
///
/// ```swift
/// let source = try RealmMigrationSource(url: realmURL)
/// let sink = try SQLiteSink(path: "out.sqlite")
/// try Migrator(source: source, sink: sink).run()
/// ```
public final class RealmMigrationSource: KeyedMigrationSource {
    /// The file being read.
    public let url: URL
    /// The parsed file.
    public let realm: RealmFileReader
    private let mapping: RealmSchemaMapping
    private var cachedFingerprint: String?

    /// Opens the `.realm` file at `url` for reading.
    /// - Parameters:
    ///   - url: The file; opened read-only.
    ///   - encryptionKey: The 64-byte key of an encrypted file; `nil` for a plain one.
    /// - Throws: `RealmFileError` when the file cannot be read (`.encrypted` when it needs a key).
    public init(url: URL, encryptionKey: Data? = nil) throws {
        self.url = url
        realm = try RealmFileReader(url: url, encryptionKey: encryptionKey)
        mapping = try RealmSchemaMapping(realm: realm)
    }

    public func schema() throws -> MigrationSchema { mapping.schema }

    /// SHA-256 of the file's bytes as stored (encrypted bytes for an encrypted file; read once, in chunks, then
    /// remembered), prefixed with `sha256:`.
    public func fingerprint() throws -> String {
        if let cachedFingerprint { return cachedFingerprint }
        let digest = try Self.fingerprint(ofFileAt: url)
        cachedFingerprint = digest
        return digest
    }

    /// The fingerprint a source opened on the file at `url` has, without opening it as a Realm file (no key needed).
    public static func fingerprint(ofFileAt url: URL) throws -> String {
        "sha256:" + (try FileDigest.sha256(of: url))
    }

    public func objectCount(of cls: ClassDescription) throws -> Int {
        try mapping.classMapping(named: cls.name).table.objectCount
    }

    /// The record of the object of `cls` with `key`, or `nil` when the class has none with that key (random access,
    /// e.g. to read an embedded object where its parent links to it).
    public func record(of cls: ClassDescription, key: Int64) throws -> MigrationRecord? {
        let classMapping = try mapping.classMapping(named: cls.name)
        guard let object = try realm.object(StoredObjectKey(key), in: classMapping.table) else { return nil }
        let converter = RealmValueConverter(
            classNamesByTable: mapping.classNamesByTable, tableName: classMapping.table.name)
        return try classMapping.record(from: object, converter: converter)
    }

    public func records(of cls: ClassDescription, after key: Int64?) throws -> any RecordCursor {
        let classMapping = try mapping.classMapping(named: cls.name)
        return RealmRecordCursor(
            cursor: realm.objects(in: classMapping.table), mapping: classMapping, tableNames: mapping.classNamesByTable,
            after: key)
    }
}

/// Reads one class's objects and converts them to records, skipping keys up to a resume point.
final class RealmRecordCursor: RecordCursor {
    private var cursor: StoredObjectCursor
    private let mapping: RealmClassMapping
    private let converter: RealmValueConverter
    private let after: Int64?

    init(cursor: StoredObjectCursor, mapping: RealmClassMapping, tableNames: [StoredTableKey: String], after: Int64?) {
        self.cursor = cursor
        self.mapping = mapping
        self.converter = RealmValueConverter(classNamesByTable: tableNames, tableName: mapping.table.name)
        self.after = after
    }

    /// Detachable: the cursor keeps its position to itself and reads through `RealmFileReader`, which is `Sendable`.
    var isDetachable: Bool { true }

    func next() throws -> MigrationRecord? {
        while let object = try cursor.next() {
            if let after, object.key.rawValue <= after { continue }
            return try mapping.record(from: object, converter: converter)
        }
        return nil
    }
}
