import Checksums
import Foundation
import RealmFile

/// Accumulates one property's digest entry (see `RealmDigest`).
struct ColumnAccumulator {
    private enum Kind {
        case int, double, string, date
        case linkList(target: StoredTable)
        case other
    }

    private let kind: Kind
    private let typeName: String
    private let source: any ExportSource
    private var nulls = 0
    private var sum = ExactSum()
    private var secondsSum = ExactSum()
    private var doubleSum = 0.0
    private var utf8Bytes = 0
    private var elements = 0
    private var hash = SHA256()
    private var hashedAny = false
    private let scratch = MemoryDestination()
    private let scratchOutput: OutputBuffer
    private let lineWriter: JSONLinesExporter
    private let column: StoredColumn
    private let owner: StoredTable
    private let primaryKeys: PrimaryKeyIndex
    private var targetKeys: PrimaryKeyIndex.TableKeys?

    init(column: StoredColumn, source: any ExportSource, primaryKeys: PrimaryKeyIndex) throws {
        self.column = column
        self.source = source
        self.primaryKeys = primaryKeys
        owner = StoredTable(
            key: StoredTableKey(0), name: "", kind: .topLevel, columns: [column], primaryKeyColumnIndex: nil,
            objectCount: 0)
        scratchOutput = OutputBuffer(destination: scratch)
        lineWriter = JSONLinesExporter(source: source, output: scratchOutput)
        let targetName = column.targetTable.flatMap { source.table(for: $0) }.map { $0.className ?? $0.name } ?? "?"
        let element: String
        switch column.type {
        case .timestamp: element = "date"
        case .link: element = "link \(targetName)"
        default: element = SchemaJSONExporter.typeName(column.type)
        }
        switch column.collection {
        case .single: typeName = element
        case .list: typeName = "list<\(element)>"
        case .set: typeName = "set<\(element)>"
        case .dictionary: typeName = "dictionary<\(element)>"
        }
        switch (column.type, column.collection) {
        case (.int, .single): kind = .int
        case (.double, .single): kind = .double
        case (.string, .single): kind = .string
        case (.timestamp, .single): kind = .date
        case (.link, .list):
            if let target = column.targetTable.flatMap({ source.table(for: $0) }) {
                kind = .linkList(target: target)
            } else {
                kind = .other
            }
        default: kind = .other
        }
    }

    mutating func add(_ value: StoredValue) throws {
        if case .null = value {
            nulls += 1
            return
        }
        switch (kind, value) {
        case (.int, .int(let number)): sum.add(number)
        case (.double, .double(let number)): doubleSum += number
        case (.string, .string(let text)):
            utf8Bytes += text.utf8.count
            separate()
            hash.update(text)
        case (.date, .timestamp(let timestamp)):
            secondsSum.add(timestamp.seconds)
            sum.add(Int64(timestamp.nanoseconds))
        case (.linkList(let target), .list(let links)):
            separate()
            if targetKeys == nil { targetKeys = try primaryKeys.keys(of: target, from: source) }
            for (position, element) in links.enumerated() {
                elements += 1
                if position > 0 { hash.update(CollectionOfOne(0x2C)) }
                guard case .link(let link) = element else { continue }
                switch targetKeys?.primaryKey(of: link.key) {
                case .int(let number)?:
                    sum.add(number)
                    hash.update(String(number))
                case .string(let text)?: hash.update(text)
                default: hash.update(String(link.key.rawValue))
                }
            }
        default:
            separate()
            try writeCanonical(value)
        }
    }

    private mutating func separate() {
        if hashedAny { hash.update(CollectionOfOne(0x0A)) }
        hashedAny = true
    }

    private mutating func writeCanonical(_ value: StoredValue) throws {
        let single = StoredObject(key: StoredObjectKey(0), values: [value])
        try lineWriter.writeValues(single, table: owner)
        try scratchOutput.flush()
        // Drop the `{"<name>":` wrapper and the closing brace: hash the value text only.
        let bytes = scratch.bytes
        let prefixLength = Array("{".utf8).count + column.name.utf8.count + 3
        if bytes.count > prefixLength { hash.update(bytes[prefixLength..<(bytes.count - 1)]) }
        scratch.reset()
    }

    mutating func summary() -> [String: Any] {
        var entry: [String: Any] = ["type": typeName, "nulls": nulls]
        switch kind {
        case .int: entry["sum"] = sum.text
        case .double: entry["sum"] = ScientificFormatter().generalText(doubleSum)
        case .string:
            entry["utf8_bytes"] = utf8Bytes
            entry["sha256"] = hash.finalizeHex()
        case .date:
            entry["sum_seconds"] = secondsSum.text
            entry["sum_nanoseconds"] = sum.text
        case .linkList:
            entry["elements"] = elements
            entry["sum_target_pk"] = sum.text
            entry["sha256"] = hash.finalizeHex()
        case .other:
            entry["sha256"] = hash.finalizeHex()
        }
        return entry
    }
}
