import RealmFile
import TestSupport

/// Compares the reader's engine view of the tables with `realm2json --schema` output; returns the differences.
func schemaDifferences(_ realm: RealmFileReader, _ truth: LenientJSON) -> [String] {
    guard case .array(let expectedTables) = truth else { return ["schema truth is not an array"] }
    var differences: [String] = []
    if expectedTables.count != realm.tables.count {
        differences.append("table count \(realm.tables.count), expected \(expectedTables.count)")
    }
    for (table, expected) in zip(realm.tables, expectedTables) {
        let path = table.name
        if expected["name"]?.text != table.name {
            differences.append("\(path): name, expected \(String(describing: expected["name"]))")
        }
        let primaryKey = table.primaryKeyColumnIndex.map { LenientJSON.text(table.columns[$0].name) }
        if expected["primaryKey"] != primaryKey {
            differences.append("\(path): primary key \(String(describing: primaryKey))")
        }
        if let tableType = expected["tableType"], tableType.text != table.kind.rawValue {
            differences.append("\(path): table type \(table.kind.rawValue), expected \(tableType)")
        }
        guard case .array(let properties)? = expected["properties"] else {
            differences.append("\(path): no properties")
            continue
        }
        let columns = table.columns.filter { $0.type != .backlink }
        if columns.count != properties.count {
            differences.append("\(path): \(columns.count) columns, expected \(properties.count)")
        }
        for (column, property) in zip(columns, properties) {
            let actual = schemaJSON(column, realm)
            if actual != property { differences.append("\(path).\(column.name): \(actual), expected \(property)") }
        }
    }
    return differences
}

/// The property description `realm2json --schema` prints for a column.
private func schemaJSON(_ column: StoredColumn, _ realm: RealmFileReader) -> LenientJSON {
    var members: [LenientJSON.Member] = [.init("name", .text(column.name))]
    let typeNames: [StoredColumn.ValueType: String] = [
        .int: "int", .bool: "bool", .string: "string", .binary: "binary", .mixed: "mixed", .timestamp: "timestamp",
        .float: "float", .double: "double", .decimal128: "decimal128", .objectId: "objectId", .uuid: "uuid",
        .link: "object", .typedLink: "typedLink", .backlink: "backlink",
    ]
    members.append(.init("type", .text(typeNames[column.type] ?? "?")))
    if column.type == .link, let target = column.targetTable.flatMap({ realm.table(for: $0) }) {
        members.append(.init("objectType", .text(target.name)))
    }
    switch column.collection {
    case .list: members.append(.init("isArray", .bool(true)))
    case .set: members.append(.init("isSet", .bool(true)))
    case .dictionary:
        members.append(.init("isMap", .bool(true)))
        members.append(.init("keyType", .text("string")))
    case .single: break
    }
    if column.isNullable { members.append(.init("isOptional", .bool(true))) }
    if column.isIndexed { members.append(.init("isIndexed", .bool(true))) }
    if column.isFullTextIndexed { members.append(.init("isFullTextIndexed", .bool(true))) }
    return .object(members)
}
