import Foundation
import RealmFile

/// Computes a ``StoreSizeEstimate`` for the SwiftData store (or SQLite database) a Realm file migrates into.
///
/// One pass over the rows of every class the Realm SDK wrote: a string's length is read where the file stores it
/// (no `String` made), and only binaries, mixed values and collections are decoded, to count their bytes and
/// elements; scalar columns cost what their type costs, without being read. Each row is priced as SQLite keeps it
/// (record header, fields, cell overhead, overflow pages for rows larger than a page), each list element as an
/// entry row with its two foreign-key index entries, each set element as a join row with its index entry, each
/// embedded object as JSON text inside its owner's row; tables are divided by a fill factor (half-full pages where
/// the relationship phase grows rows after insertion), indexes by SQLite's fill of random inserts.
///
/// ```swift
/// let estimate = try StoreSizeEstimator(file: RealmFileReader(url: realmURL)).estimate()
/// ```
public struct StoreSizeEstimator {
    private let file: RealmFileReader
    private let batchSize: Int

    /// SQLite's default page size, which the stores use.
    static let pageSize: Int64 = 4_096
    /// Bytes of a table row besides its fields: cell pointer, payload size and rowid varints, record header,
    /// the `pk` column and the model's `realmObjectKey`.
    static let rowOverhead: Int64 = 24
    /// Bytes of an index entry besides the indexed value: cell pointer, sizes, record header and the rowid.
    static let indexEntryOverhead: Int64 = 6
    /// An entry model's row (position, target, owner, its own key) with its two foreign-key index entries.
    static let listElement: Int64 = rowOverhead + 2 * (indexEntryOverhead + 9)
    /// A join row (owner, target) with its index entry on the target.
    static let setElement: Int64 = 2 * (indexEntryOverhead + 2 * 9)

    /// Creates an estimator.
    /// - Parameters:
    ///   - file: The Realm file, opened (with its key when encrypted).
    ///   - batchSize: Objects per batch of the migration (sizes the log and the floor between batches).
    public init(file: RealmFileReader, batchSize: Int = 1_000) {
        self.file = file
        self.batchSize = max(1, batchSize)
    }

    /// The estimate.
    /// - Throws: `RealmFileError` when a row of the file cannot be read.
    public func estimate() throws -> StoreSizeEstimate {
        var totals = Totals()
        let classes = Set(file.schema.objectTypes.map(\.name))
        for table in file.tables {
            guard let name = table.className, classes.contains(name) else { continue }
            try add(table, to: &totals)
        }
        return totals.estimate(batchSize: batchSize)
    }

    private func add(_ table: StoredTable, to totals: inout Totals) throws {
        let embedded = table.kind == .embedded
        totals.objects += table.objectCount
        let columns = table.columns.enumerated().filter { $0.element.type != .backlink }
        var grows = false
        if !embedded {
            totals.btrees += 1
            // A unique index on the primary key, and one on `realmObjectKey` (iOS 18 models).
            totals.btrees += (table.primaryKeyColumnIndex == nil ? 0 : 1) + 1
            totals.indexBytes += Int64(table.objectCount) * (Self.indexEntryOverhead + 9)
            for (_, column) in columns {
                guard column.type == .link || column.type == .typedLink else {
                    if column.isIndexed { totals.btrees += 1 }
                    continue
                }
                let target = column.targetTable.flatMap(file.table(for:))
                if target?.kind == .embedded { continue }
                if column.collection == .single {
                    grows = true
                    totals.btrees += 1
                } else {
                    // Entry model table (two foreign-key indexes), or join table with its target index.
                    totals.btrees += column.collection == .set ? 2 : 3
                }
            }
        }
        var cursor = file.objects(in: table, skippingBacklinks: true)
        var tableBytes: Int64 = 0
        var rows = 0
        while let row = try cursor.nextRow() {
            var rowBytes: Int64 = embedded ? 2 : Self.rowOverhead
            for (index, column) in columns {
                rowBytes += try price(column, at: index, of: row, embedded: embedded, totals: &totals)
            }
            rows += 1
            if embedded {
                // Inline in the owner's row: its JSON, priced into the owners' table at the tables' fill.
                tableBytes += rowBytes
            } else if rowBytes > 1_024 {
                // A page to itself, and overflow pages beyond it.
                totals.rowPages += (rowBytes + 4_000 - 1) / 4_000
            } else {
                tableBytes += rowBytes
            }
            totals.largestRow = max(totals.largestRow, rowBytes)
        }
        if grows { totals.growingTableBytes += tableBytes } else { totals.tableBytes += tableBytes }
        if !embedded { totals.batchUnit = max(totals.batchUnit, rows > 0 ? tableBytes / Int64(rows) : 0) }
    }

    /// The bytes column `column` of `row` adds to its row (and, for links, to the entry rows and indexes).
    private func price(
        _ column: StoredColumn, at index: Int, of row: StoredRow, embedded: Bool, totals: inout Totals
    ) throws -> Int64 {
        let nameCost: Int64 = embedded ? Int64(column.name.utf8.count) + 4 : 0
        if column.collection == .single {
            switch column.type {
            case .string:
                var size: Int64 = 0
                let inPlace = try row.withStringBytes(at: index) { bytes in
                    guard let bytes else {
                        size = embedded ? 4 : 1
                        return
                    }
                    totals.payloadBytes += Int64(bytes.count)
                    size = embedded ? StoredValueSize.jsonString(bytes) : StoredValueSize.field(length: bytes.count)
                }
                if inPlace { return nameCost + size }
                let value = try row.value(at: index)
                totals.payloadBytes += StoredValueSize.payload(value)
                return nameCost + StoredValueSize.json(value)
            case .binary:
                let value = try row.value(at: index)
                totals.payloadBytes += StoredValueSize.payload(value)
                guard case .binary(let data) = value else { return nameCost + 4 }
                return nameCost + (embedded ? StoredValueSize.json(value) : StoredValueSize.field(length: data.count))
            case .mixed:
                let value = try row.value(at: index)
                totals.payloadBytes += StoredValueSize.payload(value)
                return nameCost + StoredValueSize.mixed(value)
            case .link:
                // A to-one link: a foreign key with its index entry (an embedded target is priced in its table).
                return nameCost + (embedded ? 24 : 9 + Self.indexEntryOverhead + 9)
            default:
                let size = embedded ? StoredValueSize.json(.int(0)) : StoredValueSize.field(column.type)
                if column.isIndexed && !embedded { totals.indexBytes += Self.indexEntryOverhead + size }
                return nameCost + size
            }
        }
        let value = try row.value(at: index)
        let elements: Int
        switch value {
        case .list(let items), .set(let items): elements = items.count
        case .dictionary(let entries): elements = entries.count
        default: elements = 0
        }
        if column.type == .link, !embedded,
            column.targetTable.flatMap(file.table(for:))?.kind != .embedded
        {
            totals.links += elements
            switch column.collection {
            case .set: totals.linkBytes += Int64(elements) * Self.setElement
            case .dictionary:
                guard case .dictionary(let entries) = value else { break }
                for entry in entries { totals.linkBytes += Self.listElement + Int64(entry.key.utf8.count) + 3 }
            default: totals.linkBytes += Int64(elements) * Self.listElement
            }
            return 0
        }
        totals.payloadBytes += StoredValueSize.payload(value)
        // A primitive collection (or of embedded objects, priced in their table) as JSON in one column.
        return nameCost + StoredValueSize.json(value) + 3
    }
}

/// Running sums of ``StoreSizeEstimator``.
private struct Totals {
    var objects = 0
    var links = 0
    var payloadBytes: Int64 = 0
    /// Rows of tables whose rows do not grow after insertion (filled in key order).
    var tableBytes: Int64 = 0
    /// Rows of tables the relationship phase updates (foreign keys set after insertion).
    var growingTableBytes: Int64 = 0
    /// Pages of rows larger than a quarter page (one page each, plus overflow).
    var rowPages: Int64 = 0
    var indexBytes: Int64 = 0
    var linkBytes: Int64 = 0
    var btrees = 0
    var largestRow: Int64 = 0
    /// Bytes of the largest average row of a class (a batch's unit).
    var batchUnit: Int64 = 0

    func estimate(batchSize: Int) -> StoreSizeEstimate {
        let page = StoreSizeEstimator.pageSize
        func pages(_ bytes: Int64, fill: Double) -> Int64 {
            Int64((Double(bytes) / fill / Double(page)).rounded(.up))
        }
        // Rows appended in key order fill pages almost entirely; rows grown by the link phase split pages to
        // about 70 %; entry rows are appended too; index entries inserted in random order fill about 70 %.
        var leafPages = pages(tableBytes, fill: 0.85) + pages(growingTableBytes, fill: 0.7) + rowPages
        leafPages += pages(indexBytes, fill: 0.7) + pages(linkBytes, fill: 0.85)
        // Interior pages (a hundredth of the leaves and more), one root page per B-tree, the schema, metadata and
        // sequence tables and the migration's state with its verification report.
        let fixedPages = Int64(btrees) * 2 + 16
        let storeBytes = (leafPages + leafPages / 50 + fixedPages) * page
        // One batch: its rows at the half fill, the index entries and link rows it adds, one path per B-tree.
        let unit = max(batchUnit + StoreSizeEstimator.indexEntryOverhead * 2 + 18, StoreSizeEstimator.listElement * 2)
        let batchPages = pages(Int64(batchSize) * unit, fill: 0.5) + Int64(btrees) * 2 + 4
        let batchBytes = batchPages * page
        // Commits: copy batches, link batches, the verification record; the log is checkpointed back to its
        // start after 1,000 pages (SQLite's default), so it holds at most that plus the commit that crossed it.
        let commits = Int64((objects + batchSize - 1) / batchSize + (links + objects + batchSize - 1) / batchSize + 4)
        let touched = min(batchPages, leafPages + leafPages / 50 + fixedPages)
        let frames = min(commits * touched, 1_000 + touched)
        let walBytes = frames * (page + 24) + 32
        let margin = max(1 << 20, (storeBytes + walBytes) / 10)
        return StoreSizeEstimate(
            storeBytes: storeBytes, walBytes: walBytes, marginBytes: margin, batchBytes: batchBytes,
            objects: objects, links: links, stringAndBinaryBytes: payloadBytes,
            method:
                "one pass over \(objects) objects' rows (string lengths as stored; binaries, mixed values and "
                + "collections decoded): \(leafPages) leaf pages of rows, index entries and \(links) link rows, "
                + "\(btrees) B-trees, \(page)-byte pages; log: \(frames) frames of at most \(commits) commits; "
                + "margin: a tenth of store and log, at least 1 MiB")
    }
}
