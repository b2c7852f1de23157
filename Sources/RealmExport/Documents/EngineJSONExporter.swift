import Foundation
import RealmFile

/// Writes the document realm-core v20.1.5's `realm2json` prints for a Realm file, in any of its three output
/// modes, as a byte stream.
///
/// The document is `{"<class>":[<object>,…],…}` over every non-embedded table in table order (internal tables such
/// as `metadata` included, `class_` prefixes dropped). Compatibility is exact, quirks included: NaN and infinities
/// are the bare tokens `nan`/`inf`/`-inf` (strings in the Extended JSON modes), control characters other than
/// `\b \f \n \r \t` are written raw, and dictionary keys with characters outside the engine's whitelist print as
/// `B64"…"`. None of those three is valid JSON; `JSONLinesExporter` writes strictly valid JSON.
public final class EngineJSONExporter {
    /// realm2json's `--output-mode`.
    public enum Mode: Sendable {
        case json, xjson, xjsonPlus
    }

    private let source: any ExportSource
    private let mode: Mode
    private let output: OutputBuffer
    private let numbers = ScientificFormatter()
    private var tablesByKey: [TableKey: Table] = [:]
    private var layouts: [TableKey: TableLayout] = [:]

    /// A table's printing plan: which columns print, and their `"name":` bytes.
    private struct TableLayout {
        var table: Table
        var printedColumns: [(index: Int, column: Column, label: [UInt8])]
        var printsKey: Bool
    }

    /// Creates an exporter that reads `source` and writes to `output`.
    public init(source: any ExportSource, mode: Mode, output: OutputBuffer) {
        self.source = source
        self.mode = mode
        self.output = output
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
        var written = 0
        output.append("{\n")
        for (position, table) in selected.enumerated() {
            if position > 0 { output.append(0x2C) }
            output.append(0x22)
            output.append(utf8: table.printedName)
            output.append("\":[")
            let layout = self.layout(for: table)
            var first = true
            try source.forEachObject(in: table) { object in
                if !first { output.append(0x2C) }
                first = false
                try writeObject(object, layout: layout)
                written &+= 1
                if written & 0xFFF == 0 {
                    if let failure = output.failure { throw ExportError.writeFailed("\(failure)") }
                    progress?(written)
                }
            }
            output.append("]\n")
        }
        output.append("}\n")
        try output.flush()
        progress?(written)
    }

    private func layout(for table: Table) -> TableLayout {
        if let layout = layouts[table.key] { return layout }
        var columns: [(Int, Column, [UInt8])] = []
        for (index, column) in table.columns.enumerated() where column.type != .backlink {
            columns.append((index, column, Array("\"\(column.name)\":".utf8)))
        }
        let printsKey = mode == .json && table.primaryKeyColumnIndex == nil && table.kind != .embedded
        let layout = TableLayout(table: table, printedColumns: columns, printsKey: printsKey)
        layouts[table.key] = layout
        return layout
    }

    // MARK: Objects (`Obj::to_json`)

    private func writeObject(_ object: Object, layout: TableLayout) throws {
        output.append(0x7B)
        var needsComma = false
        if layout.printsKey {
            output.append("\"_key\":")
            output.append(decimal: object.key.rawValue)
            needsComma = true
        }
        for (index, column, label) in layout.printedColumns {
            if needsComma { output.append(0x2C) }
            needsComma = true
            output.append(label)
            let value = index < object.values.count ? object.values[index] : .null
            try writeColumnValue(value, column: column, owner: layout.table)
        }
        output.append(0x7D)
    }

    private func writeColumnValue(_ value: Value, column: Column, owner: Table) throws {
        switch value {
        case .null:
            output.append("null")
        case .link(let link):
            // A single link or mixed link to a tombstone reads as null.
            if link.key.isUnresolved {
                output.append("null")
            } else {
                try writeLink(link, column: column, owner: owner)
            }
        case .list(let elements):
            try writeList(elements, column: column, owner: owner)
        case .set(let elements):
            let ordered =
                CurrentEngineView.needsSetResort(fileFormat: source.fileFormat, column: column)
                ? CurrentEngineView.resortedSet(elements) : elements
            if mode == .xjsonPlus { output.append("{ \"$set\": ") }
            try writeList(ordered, column: column, owner: owner)
            if mode == .xjsonPlus { output.append(0x7D) }
        case .dictionary(let entries):
            try writeDictionary(entries, column: column, owner: owner)
        default:
            writeScalar(value)
        }
    }

    private func writeList(_ elements: [Value], column: Column, owner: Table) throws {
        output.append(0x5B)
        var first = true
        for element in elements {
            if !first { output.append(0x2C) }
            first = false
            switch element {
            case .link(let link): try writeLink(link, column: column, owner: owner)
            case .list(let nested): try writeList(nested, column: column, owner: owner)
            case .dictionary(let nested): try writeDictionary(nested, column: column, owner: owner)
            default: writeScalar(element)
            }
        }
        output.append(0x5D)
    }

    private func writeDictionary(_ entries: [DictionaryEntry], column: Column, owner: Table) throws {
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
                    try writeLink(link, column: column, owner: owner)
                }
            case .list(let nested): try writeList(nested, column: column, owner: owner)
            case .dictionary(let nested): try writeDictionary(nested, column: column, owner: owner)
            default: writeScalar(entry.value)
            }
        }
        output.append(0x7D)
        if mode == .xjsonPlus { output.append(0x7D) }
    }

    // MARK: Links (`print_link` in `Obj::to_json`)

    private func writeLink(_ link: ObjectLink, column: Column, owner: Table) throws {
        guard let target = tablesByKey[link.table] else {
            throw ExportError.missingTable(key: link.table.rawValue, from: owner.name, column: column.name)
        }
        if target.kind == .embedded {
            guard let object = try source.object(link.key, in: target) else {
                throw ExportError.missingLinkTarget(
                    table: target.name, key: link.key.rawValue, from: owner.name, column: column.name)
            }
            if mode == .xjsonPlus {
                output.append("{ \"$embedded\": {\"table\": \"")
                output.append(utf8: target.name)
                output.append("\", \"value\": ")
            }
            try writeObject(object, layout: layout(for: target))
            if mode == .xjsonPlus { output.append("}}") }
            return
        }
        let wrapped = mode == .xjsonPlus || column.type != .link
        if wrapped {
            output.append("{ \"$link\": {\"table\": \"")
            output.append(utf8: target.printedName)
            output.append("\", \"key\": ")
        }
        if let primaryKeyIndex = target.primaryKeyColumnIndex {
            guard let object = try source.object(link.key, in: target) else {
                throw ExportError.missingLinkTarget(
                    table: target.name, key: link.key.rawValue, from: owner.name, column: column.name)
            }
            writeScalar(primaryKeyIndex < object.values.count ? object.values[primaryKeyIndex] : .null)
        } else {
            output.append(decimal: link.key.rawValue)
        }
        if wrapped { output.append("}}") }
    }

    // MARK: Scalars (`Mixed::to_json`)

    private func writeScalar(_ value: Value) {
        switch mode {
        case .json: writePlainScalar(value)
        case .xjson, .xjsonPlus: writeExtendedScalar(value)
        }
    }

    private func writePlainScalar(_ value: Value) {
        switch value {
        case .null: output.append("null")
        case .int(let number): output.append(decimal: number)
        case .bool(let flag): output.append(flag ? "true" : "false")
        case .float(let number): numbers.append(number, to: output)
        case .double(let number): numbers.append(number, to: output)
        case .string(let text): StringFormat.appendEngineQuoted(text, to: output)
        case .binary(let data):
            output.append(0x22)
            Base64Format.append(data, to: output)
            output.append(0x22)
        case .timestamp(let timestamp):
            output.append(0x22)
            EngineTimestampFormat.append(timestamp, to: output)
            output.append(0x22)
        case .decimal(let decimal):
            output.append(0x22)
            EngineDecimalFormat.append(decimal, to: output)
            output.append(0x22)
        case .objectId(let id):
            output.append(0x22)
            IdentifierFormat.append(id, to: output)
            output.append(0x22)
        case .uuid(let uuid):
            output.append(0x22)
            IdentifierFormat.append(uuid, to: output)
            output.append(0x22)
        case .link, .list, .set, .dictionary:
            output.append("null")
        }
    }

    private func writeExtendedScalar(_ value: Value) {
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
