import RealmFile

/// Writes what realm-core v20.1.5's `realm2json --schema` prints: one line per table (every table, internal and
/// embedded ones included, in table order) with its name as stored, primary key, table type and public columns.
///
/// Primary-key columns print as indexed: the current engine adds a search index to every primary key when it
/// upgrades a format-20 file, and later formats always have one.
public enum SchemaJSONExporter {
    /// Writes the schema document of `source` to `output` and flushes it.
    public static func write(_ source: any ExportSource, to output: OutputBuffer) throws {
        let tables = source.tables
        var names: [StoredTableKey: String] = [:]
        for table in tables { names[table.key] = table.name }
        output.append("[\n")
        for (position, table) in tables.enumerated() {
            writeTable(table, names: names, to: output)
            if position < tables.count - 1 { output.append(0x2C) }
            output.append(0x0A)
        }
        output.append("]\n")
        try output.flush()
    }

    private static func writeTable(_ table: StoredTable, names: [StoredTableKey: String], to output: OutputBuffer) {
        output.append("{\"name\":\"")
        output.append(utf8: table.name)
        output.append(0x22)
        if let primaryKeyIndex = table.primaryKeyColumnIndex, primaryKeyIndex < table.columns.count {
            output.append(",\"primaryKey\":\"")
            output.append(utf8: table.columns[primaryKeyIndex].name)
            output.append(0x22)
        }
        output.append(",\"tableType\":\"")
        output.append(utf8: table.kind.rawValue)
        output.append("\",\"properties\":[")
        var first = true
        for (index, column) in table.columns.enumerated() where column.type != .backlink {
            if !first { output.append(0x2C) }
            first = false
            output.append("{\"name\":\"")
            output.append(utf8: column.name)
            output.append(0x22)
            if column.type == .link {
                output.append(",\"type\":\"object\",\"objectType\":\"")
                output.append(utf8: column.targetTable.flatMap { names[$0] } ?? "")
                output.append(0x22)
            } else {
                output.append(",\"type\":\"")
                output.append(utf8: typeName(column.type))
                output.append(0x22)
            }
            switch column.collection {
            case .single: break
            case .list: output.append(",\"isArray\":true")
            case .set: output.append(",\"isSet\":true")
            case .dictionary: output.append(",\"isMap\":true,\"keyType\":\"string\"")
            }
            if column.isNullable { output.append(",\"isOptional\":true") }
            if column.isFullTextIndexed {
                output.append(",\"isFulltextIndexed\":true")
            } else if column.isIndexed || index == table.primaryKeyColumnIndex {
                output.append(",\"isIndexed\":true")
            }
            output.append(0x7D)
        }
        output.append("]}")
    }

    /// The engine's `get_data_type_name` for a column type.
    static func typeName(_ type: StoredColumn.ValueType) -> String {
        switch type {
        case .int: "int"
        case .bool: "bool"
        case .string: "string"
        case .binary: "binary"
        case .mixed: "mixed"
        case .timestamp: "timestamp"
        case .float: "float"
        case .double: "double"
        case .decimal128: "decimal128"
        case .objectId: "objectId"
        case .uuid: "uuid"
        case .link: "link"
        case .backlink: "backlink"
        case .typedLink: "typedLink"
        }
    }
}
