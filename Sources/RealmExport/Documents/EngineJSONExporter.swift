import Foundation
import RealmFile

/// Writes the document realm-core v20.1.5's `realm2json` prints for a Realm file, in any of its three output
/// modes, as a byte stream.
///
/// The document is `{"<class>":[<object>,…],…}` over every non-embedded table (internal tables such as `metadata`
/// included, `class_` prefixes dropped), objects in key order. Compatibility is exact, quirks included: NaN and infinities
/// are the bare tokens `nan`/`inf`/`-inf` (strings in the Extended JSON modes), control characters other than
/// `\b \f \n \r \t` are written raw, and dictionary keys with characters outside the engine's whitelist print as
/// `B64"…"`. None of those three is valid JSON; `JSONLinesExporter` writes strictly valid JSON.
///
/// Tables are written in table order, as realm2json writes them. A link prints its target's primary key; when the
/// target table comes later, its primary keys are read first in one pass over that column alone, and the table's own
/// pass later needs no second index.
public final class EngineJSONExporter {
    /// realm2json's `--output-mode`.
    public enum Mode: Sendable {
        case json, xjson, xjsonPlus
    }

    let source: any ExportSource
    let mode: Mode
    let output: OutputBuffer
    private let numbers = ScientificFormatter()
    private var tablesByKey: [StoredTableKey: StoredTable] = [:]
    private var layouts: [StoredTableKey: TableLayout] = [:]
    let primaryKeys: PrimaryKeyIndex
    private let threadCount: Int

    /// The fewest objects a table needs to be written on several threads (a few clusters: below that, starting a
    /// thread costs more than it saves).
    static let sharedWritingMinimumObjects = 1_000

    /// The threads a large table is written on by default: one per core, at most 4.
    public static var defaultThreadCount: Int { min(max(ProcessInfo.processInfo.activeProcessorCount, 1), 4) }

    /// A table's printing plan: which columns print and how.
    final class TableLayout {
        let table: StoredTable
        let printedColumns: [PrintedColumn]
        let printsKey: Bool

        init(table: StoredTable, printedColumns: [PrintedColumn], printsKey: Bool) {
            self.table = table
            self.printedColumns = printedColumns
            self.printsKey = printsKey
        }
    }

    /// One printed column: its position in the object's values, its `"name":` bytes, and for link columns the
    /// target table and (once known) the target's primary keys.
    final class PrintedColumn {
        let index: Int
        let column: StoredColumn
        /// The `"name":` bytes, allocated once.
        let label: UnsafeRawBufferPointer
        let target: LinkTarget?
        let resortsSet: Bool
        /// A single string column, whose values can be printed from their stored bytes.
        let isSingleString: Bool
        /// Read for every link printed, by the one thread that owns this column (each share's exporter has its own
        /// columns), so it goes without run-time exclusivity checks.
        @exclusivity(unchecked) var targetKeys: PrimaryKeyIndex.TableKeys?

        init(index: Int, column: StoredColumn, target: LinkTarget?, fileFormat: Int) {
            self.index = index
            self.column = column
            self.target = target
            resortsSet = CurrentEngineView.needsSetResort(fileFormat: fileFormat, column: column)
            isSingleString = column.type == .string && column.collection == .single
            let bytes = Array("\"\(column.name)\":".utf8)
            let storage = UnsafeMutableRawBufferPointer.allocate(byteCount: bytes.count, alignment: 1)
            bytes.withUnsafeBytes { storage.copyMemory(from: $0) }
            label = UnsafeRawBufferPointer(storage)
        }

        deinit { label.deallocate() }
    }

    /// A table links point into, with what printing a link to it needs.
    final class LinkTarget {
        let table: StoredTable
        let isEmbedded: Bool
        let hasPrimaryKey: Bool
        /// The class name as the `$link` wrapper prints it.
        let printedName: String

        init(_ table: StoredTable) {
            self.table = table
            isEmbedded = table.kind == .embedded
            hasPrimaryKey = table.primaryKeyColumnIndex != nil
            printedName = table.printedName
        }
    }

    private var linkTargetsByKey: [StoredTableKey: LinkTarget] = [:]

    private func linkTarget(_ key: StoredTableKey) -> LinkTarget? {
        if let target = linkTargetsByKey[key] { return target }
        guard let table = tablesByKey[key] else { return nil }
        let target = LinkTarget(table)
        linkTargetsByKey[key] = target
        return target
    }

    /// Creates an exporter that reads `source` and writes to `output`. A source that several threads can read
    /// (``SharedReadingExportSource``, such as a `RealmFileReader` of an unencrypted file) has its tables written
    /// on up to `threads` threads, each reading its own share of the clusters; the document is the same.
    public convenience init(
        source: any ExportSource, mode: Mode, output: OutputBuffer, threads: Int = EngineJSONExporter.defaultThreadCount
    ) {
        self.init(source: source, mode: mode, output: output, threads: threads, sharing: PrimaryKeyIndex())
    }

    /// An exporter that shares `primaryKeys` with another (see `writeShared`).
    init(source: any ExportSource, mode: Mode, output: OutputBuffer, threads: Int, sharing primaryKeys: PrimaryKeyIndex)
    {
        self.source = source
        self.mode = mode
        self.output = output
        self.primaryKeys = primaryKeys
        threadCount = max(threads, 1)
        for table in source.tables { tablesByKey[table.key] = table }
    }

    /// Writes the whole document, or only the class `className` (with or without its `class_` prefix).
    /// `progress` is called now and then with the number of objects written so far.
    public func writeDocument(className: String? = nil, progress: ((Int) -> Void)? = nil) throws {
        var selected = source.tables.filter { $0.kind != .embedded }
        if let className {
            selected = selected.filter { $0.name == className || $0.printedName == className }
            guard !selected.isEmpty else { throw ExportError.unknownClass(className) }
        }
        var written = WrittenCount(output: output, progress: progress)
        output.append("{\n")
        let indexedTargets = Set(selected.flatMap { linkTargets(of: $0) })
        for (position, table) in selected.enumerated() {
            if position > 0 { output.append(0x2C) }
            output.append(0x22)
            output.append(utf8: table.printedName)
            output.append("\":[")
            let layout = self.layout(for: table)
            let recorder =
                indexedTargets.contains(table.key) && primaryKeys.keys(of: table) == nil
                ? primaryKeys.recorder(for: table) : nil
            if recorder == nil, threadCount > 1, table.objectCount >= Self.sharedWritingMinimumObjects,
                let shared = source as? any SharedReadingExportSource,
                shared.readsInParallelCheaply, try prepareSharedWriting(of: layout)
            {
                try writeShared(layout, from: shared, threadCount: threadCount, counting: &written)
                output.append("]\n")
                continue
            }
            var first = true
            func write(_ object: some ExportedObject) throws {
                if !first { output.append(0x2C) }
                first = false
                try recorder?.record(object)
                try writeObject(object, layout: layout)
                try written.add(1)
            }
            if let rows = source as? any SharedReadingExportSource {
                do {
                    try rows.forEachRow(in: table, share: .all) { row, _ in try write(row) }
                } catch let failure as ClusterReadFailure {
                    throw failure.underlying
                }
            } else {
                try source.forEachObject(in: table) { try write($0) }
            }
            if let recorder { primaryKeys.finish(recorder, for: table) }
            output.append("]\n")
        }
        output.append("}\n")
        try output.flush()
        progress?(written.value)
    }

    /// The tables with a primary key that links of `table` (and of the embedded objects it holds) print.
    private func linkTargets(of table: StoredTable, visited: Set<StoredTableKey> = []) -> [StoredTableKey] {
        var targets: [StoredTableKey] = []
        for column in table.columns where column.type == .link {
            guard let key = column.targetTable, let target = tablesByKey[key], !visited.contains(key) else { continue }
            if target.kind == .embedded {
                targets += linkTargets(of: target, visited: visited.union([table.key, key]))
            } else if target.primaryKeyColumnIndex != nil {
                targets.append(key)
            }
        }
        return targets
    }

    func layout(for table: StoredTable) -> TableLayout {
        if let layout = layouts[table.key] { return layout }
        var columns: [PrintedColumn] = []
        for (index, column) in table.columns.enumerated() where column.type != .backlink {
            let target = column.type == .link ? column.targetTable.flatMap { linkTarget($0) } : nil
            columns.append(PrintedColumn(index: index, column: column, target: target, fileFormat: source.fileFormat))
        }
        let printsKey = mode == .json && table.primaryKeyColumnIndex == nil && table.kind != .embedded
        let layout = TableLayout(table: table, printedColumns: columns, printsKey: printsKey)
        layouts[table.key] = layout
        return layout
    }

    // MARK: Objects (`Obj::to_json`)

    func writeObject(_ object: some ExportedObject, layout: TableLayout) throws {
        output.append(0x7B)
        var needsComma = false
        if layout.printsKey {
            output.append("\"_key\":")
            output.append(decimal: object.key.rawValue)
            needsComma = true
        }
        for printed in layout.printedColumns {
            if needsComma { output.append(0x2C) }
            needsComma = true
            output.append(printed.label)
            if printed.index < object.columnCount {
                if printed.isSingleString, try object.withStringBytes(at: printed.index, { writeString($0) }) {
                    continue
                }
                try writeColumnValue(try object.value(at: printed.index), printed, layout)
            } else {
                output.append("null")
            }
        }
        output.append(0x7D)
    }

    /// A string value as stored (`nil` for null), printed as `writeScalar` prints a `.string` in every mode.
    private func writeString(_ bytes: UnsafeRawBufferPointer?) {
        if let bytes { StringFormat.appendEngineQuoted(utf8: bytes, to: output) } else { output.append("null") }
    }

    private func writeColumnValue(_ value: StoredValue, _ printed: PrintedColumn, _ owner: TableLayout) throws {
        switch value {
        case .null:
            output.append("null")
        case .link(let link):
            // A single link or mixed link to a tombstone reads as null.
            if link.key.isUnresolved {
                output.append("null")
            } else {
                try writeLink(link, printed, owner)
            }
        case .list(let elements):
            try writeList(elements, printed, owner)
        case .set(let elements):
            let ordered = printed.resortsSet ? CurrentEngineView.resortedSet(elements) : elements
            if mode == .xjsonPlus { output.append("{ \"$set\": ") }
            try writeList(ordered, printed, owner)
            if mode == .xjsonPlus { output.append(0x7D) }
        case .dictionary(let entries):
            try writeDictionary(entries, printed, owner)
        default:
            writeScalar(value)
        }
    }

    private func writeList(_ elements: [StoredValue], _ printed: PrintedColumn, _ owner: TableLayout) throws {
        output.append(0x5B)
        var first = true
        for element in elements {
            if !first { output.append(0x2C) }
            first = false
            switch element {
            case .link(let link): try writeLink(link, printed, owner)
            case .list(let nested): try writeList(nested, printed, owner)
            case .dictionary(let nested): try writeDictionary(nested, printed, owner)
            default: writeScalar(element)
            }
        }
        output.append(0x5D)
    }

    private func writeDictionary(_ entries: [StoredDictionaryEntry], _ printed: PrintedColumn, _ owner: TableLayout)
        throws
    {
        if mode == .xjsonPlus { output.append("{ \"$dictionary\": ") }
        output.append(0x7B)
        var first = true
        for entry in entries {
            if !first { output.append(0x2C) }
            first = false
            StringFormat.appendEngineDictionaryKey(entry.key, to: output)
            output.append(0x3A)
            switch entry.value {
            case .link(let link):
                if link.key.isUnresolved {
                    output.append("null")
                } else {
                    try writeLink(link, printed, owner)
                }
            case .list(let nested): try writeList(nested, printed, owner)
            case .dictionary(let nested): try writeDictionary(nested, printed, owner)
            default: writeScalar(entry.value)
            }
        }
        output.append(0x7D)
        if mode == .xjsonPlus { output.append(0x7D) }
    }

    // MARK: Links (`print_link` in `Obj::to_json`)

    private func writeLink(_ link: StoredObjectLink, _ printed: PrintedColumn, _ owner: TableLayout) throws {
        // A link column knows its target; a link inside a mixed value (a typed link) names it.
        let typed = printed.target == nil
        guard let target = printed.target ?? linkTarget(link.table) else {
            throw ExportError.missingTable(
                key: link.table.rawValue, from: owner.table.name, column: printed.column.name)
        }
        if target.isEmbedded {
            guard let object = try source.object(link.key, in: target.table) else {
                throw ExportError.missingLinkTarget(
                    table: target.table.name, key: link.key.rawValue, from: owner.table.name,
                    column: printed.column.name)
            }
            if mode == .xjsonPlus {
                output.append("{ \"$embedded\": {\"table\": \"")
                output.append(utf8: target.table.name)
                output.append("\", \"value\": ")
            }
            try writeObject(object, layout: layout(for: target.table))
            if mode == .xjsonPlus { output.append("}}") }
            return
        }
        let wrapped = mode == .xjsonPlus || typed
        if wrapped {
            output.append("{ \"$link\": {\"table\": \"")
            output.append(utf8: target.printedName)
            output.append("\", \"key\": ")
        }
        if target.hasPrimaryKey {
            let keys: PrimaryKeyIndex.TableKeys?
            if let cached = printed.targetKeys {
                keys = cached
            } else if link.key.isUnresolved {
                keys = primaryKeys.keys(of: target.table)
            } else {
                keys = try primaryKeys.keys(of: target.table, from: source)
                if !typed { printed.targetKeys = keys }
            }
            writeScalar(try keys?.primaryKey(of: link.key) ?? lookUpPrimaryKey(link, target.table, printed, owner))
        } else {
            output.append(decimal: link.key.rawValue)
        }
        if wrapped { output.append("}}") }
    }

    /// The primary key of a link target that is not in the index (a tombstone, which the source may still read).
    /// A list element pointing at a tombstone the source cannot read prints as null, as a missing target would.
    private func lookUpPrimaryKey(
        _ link: StoredObjectLink, _ target: StoredTable, _ printed: PrintedColumn, _ owner: TableLayout
    )
        throws -> StoredValue
    {
        if let index = target.primaryKeyColumnIndex, let object = try source.object(link.key, in: target),
            index < object.values.count
        {
            return object.values[index]
        }
        if link.key.isUnresolved { return .null }
        throw ExportError.missingLinkTarget(
            table: target.name, key: link.key.rawValue, from: owner.table.name, column: printed.column.name)
    }

    // MARK: Scalars (`Mixed::to_json`)

    private func writeScalar(_ value: StoredValue) {
        switch mode {
        case .json: writePlainScalar(value)
        case .xjson, .xjsonPlus: writeExtendedScalar(value)
        }
    }

    private func writePlainScalar(_ value: StoredValue) {
        switch value {
        case .null: output.append("null")
        case .int(let number): output.append(decimal: number)
        case .bool(let flag): output.append(flag ? "true" : "false")
        case .float(let number): numbers.append(number, to: output)
        case .double(let number): numbers.append(number, to: output)
        case .string(let text): StringFormat.appendEngineQuoted(text, to: output)
        case .binary(let data): quoted { Base64Format.append(data, to: output) }
        case .timestamp(let timestamp): quoted { EngineTimestampFormat.append(timestamp, to: output) }
        case .decimal(let decimal): quoted { EngineDecimalFormat.append(decimal, to: output) }
        case .objectId(let id): quoted { IdentifierFormat.append(id, to: output) }
        case .uuid(let uuid): quoted { IdentifierFormat.append(uuid, to: output) }
        case .link, .list, .set, .dictionary:
            output.append("null")
        }
    }

    /// Writes what `body` writes between double quotes (text that needs no escaping: digits, base64, hex).
    @inline(__always)
    private func quoted(_ body: () -> Void) {
        output.append(0x22)
        body()
        output.append(0x22)
    }

    private func writeExtendedScalar(_ value: StoredValue) {
        switch value {
        case .null: output.append("null")
        case .int(let number):
            output.append("{\"$numberLong\": \"")
            output.append(decimal: number)
            output.append("\"}")
        case .bool(let flag): output.append(flag ? "true" : "false")
        case .float(let number):
            output.append("{\"$numberDouble\": \"")
            numbers.append(number, to: output)
            output.append("\"}")
        case .double(let number):
            output.append("{\"$numberDouble\": \"")
            numbers.append(number, to: output)
            output.append("\"}")
        case .string(let text): StringFormat.appendEngineQuoted(text, to: output)
        case .binary(let data):
            output.append("{\"$binary\": {\"base64\": \"")
            Base64Format.append(data, to: output)
            output.append("\", \"subType\": \"00\"}}")
        case .timestamp(let timestamp):
            output.append("{\"$date\": {\"$numberLong\": \"")
            output.append(decimal: EngineTimestampFormat.milliseconds(timestamp))
            output.append("\"}}")
        case .decimal(let decimal):
            output.append("{\"$numberDecimal\": \"")
            EngineDecimalFormat.append(decimal, to: output)
            output.append("\"}")
        case .objectId(let id):
            output.append("{\"$oid\": \"")
            IdentifierFormat.append(id, to: output)
            output.append("\"}")
        case .uuid(let uuid):
            output.append("{\"$binary\": {\"base64\": \"")
            IdentifierFormat.appendBase64(uuid, to: output)
            output.append("\", \"subType\": \"04\"}}")
        case .link, .list, .set, .dictionary:
            output.append("null")
        }
    }
}
