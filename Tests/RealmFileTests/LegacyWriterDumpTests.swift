import Foundation
import RealmFile
import TestSupport
import Testing

/// Carryover's own files (formats 6 and 9) against the dump of the engine that wrote them: realm-core 5.23.9's `realm2json`
/// prints rows by index (`_key`), links as target rows, dates in whole seconds. Every value of every row of every
/// table must agree, links compared by the target's primary key (the upgrade gives String-keyed rows hashed keys).
@Suite("Formats 2–9: values equal the writing engine's own dump")
struct LegacyWriterDumpTests {
    @Test(arguments: ["legacy-alltypes.v9", "legacy-alltypes6.v6", "legacy-rows.v9"])
    func everyValueEqualsRealmCoreFivesDump(_ name: String) throws {
        let directory = LegacyRealmFixtures.directory
        let realm = try RealmFileReader(url: directory.appendingPathComponent("\(name).realm"))
        let dump = try LenientJSON.parse(Data(contentsOf: directory.appendingPathComponent("\(name).json")))
        guard case .object(let tables) = dump else {
            Issue.record("\(name).v9.json is not an object")
            return
        }
        var rowsByTable: [String: [LenientJSON]] = [:]
        for member in tables {
            if case .array(let rows) = member.value { rowsByTable[member.key] = rows }
        }
        var compared = 0
        for table in realm.tables {
            let rows = try #require(rowsByTable[table.name], "\(table.name) missing from the dump")
            #expect(rows.count == table.objectCount, "\(table.name)")
            let objects = try rowOrder(realm, table, rows)
            for (row, object) in zip(rows, objects) {
                for (column, value) in zip(table.columns, object.values) where column.type != .backlink {
                    let printed = try #require(row[column.name], "\(table.name).\(column.name)")
                    let difference = try self.difference(value, printed, column, realm, rowsByTable)
                    #expect(difference == nil, "\(table.name) \(object.key) \(column.name): \(difference ?? "")")
                    compared += 1
                }
            }
        }
        #expect(compared > 500)
    }

    /// The reader's objects in the dump's row order: row r of a table without a String primary key is object r;
    /// otherwise the object whose primary key the dump prints in row r.
    private func rowOrder(_ realm: RealmFileReader, _ table: StoredTable, _ rows: [LenientJSON]) throws
        -> [StoredObject]
    {
        var objects: [StoredObject] = []
        for (index, row) in rows.enumerated() {
            if let column = table.primaryKeyColumnIndex, table.columns[column].type == .string {
                let key = try #require(row[table.columns[column].name]?.text)
                objects.append(try #require(try realm.object(primaryKey: .string(key), in: table)))
            } else {
                objects.append(try #require(try realm.object(StoredObjectKey(Int64(index)), in: table)))
            }
        }
        return objects
    }

    /// Why `value` does not print as `printed`, or `nil` when it does.
    private func difference(
        _ value: StoredValue, _ printed: LenientJSON, _ column: StoredColumn, _ realm: RealmFileReader,
        _ rows: [String: [LenientJSON]]
    ) throws -> String? {
        switch (value, printed) {
        case (.null, .null):
            return nil
        case (.link(let link), .object):
            return try linkDifference([link], printed["key"].map { [$0] }, realm, rows)
        case (.list(let elements), .object):
            let links = elements.compactMap { element -> StoredObjectLink? in
                if case .link(let link) = element { return link }
                return nil
            }
            guard case .array(let keys) = printed["keys"] else { return "no keys in \(printed)" }
            return try linkDifference(links, keys, realm, rows)
        case (.list(let elements), .array(let printedElements)):
            guard elements.count == printedElements.count else {
                return "\(elements.count) elements, dump has \(printedElements.count)"
            }
            for (element, printedElement) in zip(elements, printedElements) {
                if let difference = try difference(element, printedElement, column, realm, rows) { return difference }
            }
            return nil
        default:
            return Self.scalarDifference(value, printed)
        }
    }

    private static func scalarDifference(_ value: StoredValue, _ printed: LenientJSON) -> String? {
        let same: Bool
        switch (value, printed) {
        case (.null, .null): same = true
        case (.int(let number), .number(let text)): same = Int64(text) == number
        case (.bool(let flag), .bool(let printedFlag)): same = flag == printedFlag
        case (.float(let number), .number(let text)):
            same = Float(text).map { abs($0 - number) <= abs(number) * 1e-6 } ?? false
        case (.double(let number), .number(let text)):
            same = Double(text).map { abs($0 - number) <= abs(number) * 1e-15 } ?? false
        case (.string(let text), .string(let bytes)): same = Array(text.utf8) == bytes
        case (.binary(let data), .string): same = Data(base64Encoded: printed.text ?? "") == data
        case (.timestamp(let timestamp), .string):
            // realm-core 5 prints whole seconds, UTC, as "YYYY-MM-DD HH:MM:SS".
            var calendar = Calendar(identifier: .gregorian)
            calendar.timeZone = TimeZone(identifier: "UTC") ?? .current
            let date = Date(timeIntervalSince1970: TimeInterval(timestamp.seconds))
            let parts = calendar.dateComponents([.year, .month, .day, .hour, .minute, .second], from: date)
            let text = String(
                format: "%04d-%02d-%02d %02d:%02d:%02d", parts.year ?? 0, parts.month ?? 0, parts.day ?? 0,
                parts.hour ?? 0, parts.minute ?? 0, parts.second ?? 0)
            same = printed.text == text
        default: same = false
        }
        return same ? nil : "\(value) printed as \(printed)"
    }

    /// Links agree when they lead to the objects the dump's target rows are: compared by the targets' values.
    private func linkDifference(
        _ links: [StoredObjectLink], _ targetRows: [LenientJSON]?, _ realm: RealmFileReader,
        _ rows: [String: [LenientJSON]]
    ) throws -> String? {
        guard let targetRows, targetRows.count == links.count else {
            return "\(links.count) links, dump has \(targetRows?.count ?? 0)"
        }
        for (link, targetRow) in zip(links, targetRows) {
            guard let table = realm.table(for: link.table), let printedRows = rows[table.name],
                case .number(let text) = targetRow, let index = Int(text), printedRows.indices.contains(index),
                let target = try realm.object(link.key, in: table)
            else { return "link \(link) to dump row \(targetRow) not found" }
            for (column, value) in zip(table.columns, target.values) where column.collection == .single {
                guard column.type != .link, let printed = printedRows[index][column.name] else { continue }
                if let difference = Self.scalarDifference(value, printed) {
                    return "link target \(link.key) is not dump row \(index): \(column.name) \(difference)"
                }
            }
        }
        return nil
    }
}
