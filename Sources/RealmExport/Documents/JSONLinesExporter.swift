import Foundation
import RealmFile

/// Writes a Realm file as JSON Lines: one strictly valid JSON object per line, one line per object of every
/// non-embedded table (internal tables such as `metadata` included), tables in the engine's order, objects in
/// key order:
///
/// ```
/// {"class":"Track","key":0,"values":{"id":{"$numberLong":"1"},"title":"Song","genre":null,…}}
/// ```
///
/// `class` is the class name without the `class_` prefix, `key` the object key, and `values` every persisted
/// property (backlinks left out) in column order, in canonical MongoDB Extended JSON v2:
/// int `{"$numberLong":"…"}`; bool `true`/`false`; double and float `{"$numberDouble":"…"}` (shortest text that
/// reads back to the same value — as a float for float properties; `NaN`, `Infinity`, `-Infinity`); string a JSON
/// string; binary `{"$binary":{"base64":"…","subType":"00"}}`; UUID the same with subType `04`; ObjectId
/// `{"$oid":"…"}`; Decimal128 `{"$numberDecimal":"…"}`; date `{"$date":{"$numberLong":"<milliseconds>"}}`, and when
/// the Realm timestamp has a sub-millisecond part, the extra member `"$nanoseconds":<0…999999>` beside `$date`
/// (milliseconds rounded down, so milliseconds·10⁶ + nanoseconds is exact); null `null`. Lists and sets are
/// arrays (sets in the engine's order), dictionaries and embedded objects are JSON objects, a link is
/// `{"$link":{"class":"…","key":<object key>,"primaryKey":<pk>}}` (`primaryKey` only when the target class has one).
/// A float inside a mixed value is written as `$numberDouble`, like a double.
public final class JSONLinesExporter {
    private let source: any ExportSource
    private let output: OutputBuffer
    private var tablesByKey: [StoredTableKey: StoredTable] = [:]
    private let primaryKeys = PrimaryKeyIndex()

    /// Creates an exporter that reads `source` and writes to `output`.
    public init(source: any ExportSource, output: OutputBuffer) {
        self.source = source
        self.output = output
        for table in source.tables { tablesByKey[table.key] = table }
    }

    /// Writes every line, or only those of class `className` (with or without its `class_` prefix).
    /// `progress` is called now and then with the number of objects written so far.
    public func writeLines(className: String? = nil, progress: ((Int) -> Void)? = nil) throws {
        var selected = source.tables.filter { $0.kind != .embedded }
        if let className {
            selected = selected.filter { $0.name == className || $0.printedName == className }
            guard !selected.isEmpty else { throw ExportError.unknownClass(className) }
        }
        var written = 0
        for table in selected {
            var prefix = Array("{\"class\":".utf8)
            let memory = MemoryDestination()
            let scratch = OutputBuffer(destination: memory)
            StringFormat.appendStrictQuoted(table.printedName, to: scratch)
            try scratch.flush()
            prefix += memory.bytes + Array(",\"key\":".utf8)
            try source.forEachObject(in: table) { object in
                output.append(prefix)
                output.append(decimal: object.key.rawValue)
                output.append(",\"values\":")
                try writeValues(object, table: table)
                output.append("}\n")
                written &+= 1
                if written & 0xFFF == 0 {
                    if let failure = output.failure { throw failure }
                    progress?(written)
                }
            }
        }
        try output.flush()
        progress?(written)
    }

    /// Writes one object's `{"property":value,…}`.
    func writeValues(_ object: StoredObject, table: StoredTable) throws {
        output.append(0x7B)
        var first = true
        for (index, column) in table.columns.enumerated() where column.type != .backlink {
            if !first { output.append(0x2C) }
            first = false
            StringFormat.appendStrictQuoted(column.name, to: output)
            output.append(0x3A)
            let value = index < object.values.count ? object.values[index] : .null
            var ordered = value
            if case .set(let elements) = value,
                CurrentEngineView.needsSetResort(fileFormat: source.fileFormat, column: column)
            {
                ordered = .set(CurrentEngineView.resortedSet(elements))
            }
            try writeValue(ordered, column: column, owner: table, topLevel: true)
        }
        output.append(0x7D)
    }

    private func writeValue(_ value: StoredValue, column: StoredColumn, owner: StoredTable, topLevel: Bool) throws {
        switch value {
        case .null: output.append("null")
        case .int(let number): ExtendedJSONFormat.appendInt(number, to: output)
        case .bool(let flag): output.append(flag ? "true" : "false")
        case .float(let number):
            ExtendedJSONFormat.appendNumberDouble(
                column.type == .float
                    ? ExtendedJSONFormat.floatText(number) : ExtendedJSONFormat.doubleText(Double(number)),
                to: output)
        case .double(let number):
            ExtendedJSONFormat.appendNumberDouble(ExtendedJSONFormat.doubleText(number), to: output)
        case .string(let text): StringFormat.appendStrictQuoted(text, to: output)
        case .binary(let data): ExtendedJSONFormat.appendBinary(data, to: output)
        case .timestamp(let timestamp):
            ExtendedJSONFormat.appendDate(
                seconds: timestamp.seconds, nanoseconds: timestamp.nanoseconds, to: output)
        case .decimal(let decimal):
            output.append("{\"$numberDecimal\":\"")
            output.append(utf8: decimal.scientificText)
            output.append("\"}")
        case .objectId(let id):
            output.append("{\"$oid\":\"")
            IdentifierFormat.append(id, to: output)
            output.append("\"}")
        case .uuid(let uuid):
            output.append("{\"$binary\":{\"base64\":\"")
            IdentifierFormat.appendBase64(uuid, to: output)
            output.append("\",\"subType\":\"04\"}}")
        case .link(let link): try writeLink(link, column: column, owner: owner, inList: !topLevel)
        case .list(let elements), .set(let elements):
            output.append(0x5B)
            for (position, element) in elements.enumerated() {
                if position > 0 { output.append(0x2C) }
                try writeValue(element, column: column, owner: owner, topLevel: false)
            }
            output.append(0x5D)
        case .dictionary(let entries):
            output.append(0x7B)
            for (position, entry) in entries.enumerated() {
                if position > 0 { output.append(0x2C) }
                StringFormat.appendStrictQuoted(entry.key, to: output)
                output.append(0x3A)
                if case .link(let link) = entry.value, link.key.isUnresolved {
                    output.append("null")
                } else {
                    try writeValue(entry.value, column: column, owner: owner, topLevel: false)
                }
            }
            output.append(0x7D)
        }
    }

    /// A link target's primary key: from the index (one scan of the target table), else by looking the object up.
    private func primaryKey(of key: StoredObjectKey, in target: StoredTable, at index: Int) throws -> StoredValue? {
        if !key.isUnresolved, let value = try primaryKeys.keys(of: target, from: source)?.primaryKey(of: key) {
            return value
        }
        guard let object = try source.object(key, in: target), index < object.values.count else { return nil }
        return object.values[index]
    }

    private func writeLink(_ link: StoredObjectLink, column: StoredColumn, owner: StoredTable, inList: Bool) throws {
        guard let target = tablesByKey[link.table] else {
            throw ExportError.missingTable(key: link.table.rawValue, from: owner.name, column: column.name)
        }
        if link.key.isUnresolved && !inList {
            output.append("null")
            return
        }
        if target.kind == .embedded {
            guard let object = try source.object(link.key, in: target) else {
                throw ExportError.missingLinkTarget(
                    table: target.name, key: link.key.rawValue, from: owner.name, column: column.name)
            }
            try writeValues(object, table: target)
            return
        }
        output.append("{\"$link\":{\"class\":")
        StringFormat.appendStrictQuoted(target.printedName, to: output)
        output.append(",\"key\":")
        output.append(decimal: link.key.rawValue)
        if let primaryKeyIndex = target.primaryKeyColumnIndex, primaryKeyIndex < target.columns.count,
            let primaryKey = try primaryKey(of: link.key, in: target, at: primaryKeyIndex)
        {
            output.append(",\"primaryKey\":")
            try writeValue(primaryKey, column: target.columns[primaryKeyIndex], owner: target, topLevel: true)
        }
        output.append("}}")
    }
}
