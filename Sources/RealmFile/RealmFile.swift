import Foundation
import RealmSchema

/// A `.realm` file opened for reading, without the Realm SDK: its tables, schema and objects.
///
/// The file is memory-mapped read-only (or read into memory where mapping is unavailable) and never modified.
/// Every offset, size and ref in it is checked before use; a damaged file throws `RealmFileError`, it never
/// crashes or hangs the reader. File formats 2–9 (realm-core 5 and older: Realm Cocoa/Swift up to 4.x, Realm Java up
/// to 6, realm-js up to 5, read as realm-core 6 upgrades them), 10 and 11 (Realm Swift/Cocoa 5.x, Realm Java 7,
/// realm-js 6) and 20–24 (Realm Swift 10.0 through 20.x) are read; format 1 and unreleased formats throw
/// `.unsupportedFileFormat`, encrypted files without their key throw `.encrypted`.
///
/// ```swift
/// let realm = try RealmFileReader(url: realmURL)
/// print("format \(realm.fileFormat), schema version \(realm.schema.version ?? 0)")
/// if let tracks = realm.table(named: "Track") {
///     var cursor = realm.objects(in: tracks)
///     while let track = try cursor.next() {
///         print(track.key, track.values)
///     }
/// }
/// ```
///
/// A `RealmFileReader` is immutable and can be shared between threads. Reading a file that a running app is writing
/// at the same time may see recycled space; copy the file first when in doubt (realm-file-format.md §1.1).
public final class RealmFileReader: Sendable {
    /// The memory the file's bytes live in; kept alive as long as the reader.
    private let storage: any ByteStorage
    let context: DecodingContext
    let group: GroupLayout
    private let tablePositionsByName: [String: Int]

    /// The file format number of the current header slot (2–11 or 20–24 for a readable file, 0 for an empty one).
    public let fileFormat: Int
    /// Every table as the engine sees it, in storage order: class tables, embedded tables and internal tables
    /// (`metadata`, sync bookkeeping), each with all its columns including hidden backlink columns.
    public let tables: [StoredTable]
    /// The schema as an SDK user sees it: classes without the `class_` prefix, internal tables left out.
    public let schema: Schema

    /// Opens the file at `url` for reading.
    /// - Throws: `RealmFileError` (`.cannotOpen`, `.badHeader`, `.encrypted`, `.unsupportedFileFormat`, or a
    ///   structural error with its byte offset).
    public convenience init(url: URL) throws(RealmFileError) {
        if let mapped = MappedFileStorage.map(url) {
            try self.init(storage: mapped)
            return
        }
        let data: Data
        do {
            data = try Data(contentsOf: url)
        } catch {
            throw RealmFileError(.cannotOpen(error.localizedDescription), context: url.path)
        }
        try self.init(storage: HeapStorage(copying: data))
    }

    /// Reads a Realm file held in memory (for example a file received over the network).
    /// - Throws: `RealmFileError` as `init(url:)`.
    public convenience init(data: Data) throws(RealmFileError) {
        try self.init(storage: HeapStorage(copying: data))
    }

    /// Reads the file whose bytes `storage` provides. This is the seam for on-demand storage such as decrypted
    /// pages: the storage's `FileBytes` may carry a `PageLoader`.
    init(storage: any ByteStorage) throws(RealmFileError) {
        self.storage = storage
        let bytes = storage.bytes
        let header = try FileHeader(bytes)
        fileFormat = header.fileFormat
        context = DecodingContext(bytes: bytes, fileFormat: header.fileFormat)
        group =
            try header.topRef.map { (top: Int) throws(RealmFileError) in
                try GroupLayout(bytes, topRef: top, fileFormat: header.fileFormat)
            } ?? .empty
        tables = group.tables.map(\.table)
        var positions: [String: Int] = [:]
        for (position, table) in tables.enumerated() {
            positions[table.name] = position
            if let className = table.className, positions[className] == nil { positions[className] = position }
        }
        // A stored name wins over a class name if both exist.
        for (position, table) in tables.enumerated() { positions[table.name] = position }
        tablePositionsByName = positions
        schema = Self.makeSchema(group, version: try Self.schemaVersion(group, context))
    }

    /// The table stored as `name` (`"class_Track"`, `"metadata"`) or holding the class `name` (`"Track"`).
    public func table(named name: String) -> StoredTable? {
        tablePositionsByName[name].map { tables[$0] }
    }

    /// The table with key `key`, e.g. the target of a link.
    public func table(for key: StoredTableKey) -> StoredTable? {
        group.position(of: key).map { tables[$0] }
    }

    /// A cursor over the objects of `table` in ascending key order. Tombstones (unresolved objects) are not
    /// included. A table that does not belong to this file yields no objects.
    public func objects(in table: StoredTable) -> StoredObjectCursor {
        StoredObjectCursor(file: self, layout: layout(of: table) ?? emptyLayout(table), skippingBacklinks: false)
    }

    /// Like `objects(in:)`, but when `skippingBacklinks` is true every backlink column reads as an empty list.
    /// Callers that do not need `LinkingObjects` (exports, migrations) save reading and allocating the lists.
    public func objects(in table: StoredTable, skippingBacklinks: Bool) -> StoredObjectCursor {
        StoredObjectCursor(
            file: self, layout: layout(of: table) ?? emptyLayout(table), skippingBacklinks: skippingBacklinks)
    }

    /// Like `objects(in:skippingBacklinks:)`, but only the objects in the clusters of `share`, so that several
    /// threads can read one table at once, each its own share (see ``StoredObjectCursor/clusterPosition``).
    public func objects(in table: StoredTable, skippingBacklinks: Bool, share: ClusterShare) -> StoredObjectCursor {
        StoredObjectCursor(
            file: self, layout: layout(of: table) ?? emptyLayout(table), skippingBacklinks: skippingBacklinks,
            share: share)
    }

    /// Whether cursors on several threads (see ``objects(in:skippingBacklinks:share:)``) can read the file at once
    /// without holding more memory than one: true for a mapped or in-memory file; false for an encrypted one, whose
    /// decrypted pages are kept while more than one cursor reads.
    public var readsInParallelCheaply: Bool { !(storage is EncryptedFileStorage) }

    /// The object of `table` with key `key`, or `nil` if there is none.
    /// - Throws: `RealmFileError` when the file is corrupt on the way to the object.
    public func object(_ key: StoredObjectKey, in table: StoredTable) throws(RealmFileError) -> StoredObject? {
        if let layout = layout(of: table), let legacy = layout.legacy {
            guard let row = legacy.row(ofKey: key.rawValue) else { return nil }
            return try reading { () throws(RealmFileError) -> StoredObject in
                try LegacyRows(layout, legacy: legacy, group: group, context: context).object(atRow: row)
            }
        }
        guard let layout = layout(of: table), let root = layout.clusterRoot else { return nil }
        return try reading { () throws(RealmFileError) -> StoredObject? in
            do throws(RealmFileError) {
                guard let (leaf, row) = try ClusterTree(bytes: context.bytes, root: root).find(key.rawValue) else {
                    return nil
                }
                return try ClusterReader(leaf, layout: layout, context: context).object(at: row)
            } catch {
                throw error.located(table: table.name)
            }
        }
    }

    /// How often a long pass lets the system reclaim file pages already read (mapped file pages, or decrypted
    /// pages of an encrypted file): every 64 clusters is every 16,384 objects at the engine's 256 objects per
    /// cluster (a few MB of a typical file). Halved from 128 when a second thread began to read with the first: the
    /// export's peak on `large.v24.realm` went from 33.6 to 31.0 MB at the same speed.
    static let clustersBetweenPageDrops = 64

    /// Lets the system reclaim the pages of a mapped file, or the decrypted pages of an encrypted file, read so
    /// far (see `StoredObjectCursor`), which keeps the resident set size of a full pass over a large file near the size
    /// of what is being read right now. Decrypted pages are released only while the caller's registration is the
    /// one active reader; the caller must ask again for every range it goes on reading.
    func dropResidentPages() { storage.dropResidentPages() }

    /// Registers a reader for as long as the returned object lives (see `dropResidentPages()`).
    func registerReader() -> ReaderRegistration { ReaderRegistration(storage) }

    /// Runs `body` as a registered reader, so that no other reader releases pages it is reading.
    func reading<R>(_ body: () throws(RealmFileError) -> R) throws(RealmFileError) -> R {
        storage.beginReading()
        defer { storage.endReading() }
        return try body()
    }

    /// The layout of `table` if it belongs to this file.
    func layout(of table: StoredTable) -> TableLayout? {
        guard let position = group.position(of: table.key), group.tables[position].table.name == table.name else {
            return nil
        }
        return group.tables[position]
    }

    private func emptyLayout(_ table: StoredTable) -> TableLayout {
        TableLayout(table: table, slot: -1, clusterRoot: nil, columns: [])
    }
}
