import Foundation
import RealmFile
import TestSupport

/// Compares every object the reader returns with the engine's `realm2json --output-mode 0` dump (v20.1.5
/// conventions: class names without `class_`, links as the target's primary key, embedded objects inline, mixed
/// links as `{"$link": …}`). Values are compared by value: numbers by the engine's exact printed text, dates and
/// decimals by parsing the printed text. Sets and dictionaries are compared in order when `ordered` (a format-24
/// file and its own dump), otherwise without regard to order (upgrading an older file re-sorts them).
struct DumpComparison {
    let realm: RealmFileReader
    let ordered: Bool
    private(set) var differences: [String] = []
    private(set) var objectsCompared = 0
    /// The primary keys of link targets by object key, read once per table (a link's target object can carry
    /// thousands of backlinks, too many to decode per link).
    private var primaryKeys: [StoredTableKey: [Int64: StoredValue]] = [:]

    init(_ realm: RealmFileReader, ordered: Bool = false) {
        self.realm = realm
        self.ordered = ordered
    }

    mutating func compare(_ dump: LenientJSON) throws {
        guard case .object(let members) = dump else { return note("dump", "not an object") }
        let printed = realm.tables.filter { $0.kind != .embedded }
        if members.count != printed.count { note("dump", "\(members.count) tables, reader has \(printed.count)") }
        for table in printed {
            let name = table.className ?? table.name
            guard case .array(let objects)? = dump[name] else {
                note(name, "missing from dump")
                continue
            }
            var cursor = realm.objects(in: table)
            var index = 0
            while let object = try cursor.next() {
                guard index < objects.count else {
                    note(name, "reader has more than \(objects.count) objects")
                    break
                }
                try compareObject(object, table, objects[index], "\(name)[\(index)]")
                index += 1
            }
            if index != objects.count { note(name, "reader has \(index) objects, dump \(objects.count)") }
        }
    }

    private mutating func note(_ path: String, _ message: String) { differences.append("\(path): \(message)") }

    private mutating func compareObject(
        _ object: StoredObject, _ table: StoredTable, _ expected: LenientJSON, _ path: String
    )
        throws
    {
        objectsCompared += 1
        guard case .object(let members) = expected else { return note(path, "expected \(expected)") }
        var expectedCount = 0
        if table.primaryKeyColumnIndex == nil && table.kind != .embedded {
            expectedCount += 1
            if expected["_key"] != .number(String(object.key.rawValue)) {
                note(path, "key \(object.key), dump \(String(describing: expected["_key"]))")
            }
        }
        for (column, value) in zip(table.columns, object.values) where column.type != .backlink {
            expectedCount += 1
            guard let printed = expected[column.name] else {
                note(path, "column \(column.name) missing from dump")
                continue
            }
            try compareColumnValue(value, column, printed, "\(path).\(column.name)")
        }
        if members.count != expectedCount { note(path, "dump has \(members.count) members, reader \(expectedCount)") }
    }

    private mutating func compareColumnValue(
        _ value: StoredValue, _ column: StoredColumn, _ expected: LenientJSON, _ path: String
    )
        throws
    {
        switch (column.collection, value) {
        case (.single, _):
            try compareElement(value, column, expected, path)
        case (.list, .list(let elements)):
            guard case .array(let printed) = expected, printed.count == elements.count else {
                return note(path, "list of \(elements.count), dump \(expected)")
            }
            for (index, (element, item)) in zip(elements, printed).enumerated() {
                try compareElement(element, column, item, "\(path)[\(index)]")
            }
        case (.set, .set(let elements)):
            guard case .array(let printed) = expected, printed.count == elements.count else {
                return note(path, "set of \(elements.count), dump \(expected)")
            }
            if ordered {
                for (index, (element, item)) in zip(elements, printed).enumerated() {
                    try compareElement(element, column, item, "\(path)[\(index)]")
                }
                return
            }
            var unmatched = printed
            for element in elements {
                var found = false
                for (index, item) in unmatched.enumerated() {
                    var probe = DumpComparison(realm)
                    try probe.compareElement(element, column, item, path)
                    if probe.differences.isEmpty {
                        unmatched.remove(at: index)
                        found = true
                        break
                    }
                }
                if !found { note(path, "set element \(element) not in dump \(expected)") }
            }
        case (.dictionary, .dictionary(let entries)):
            guard case .object(let printed) = expected, printed.count == entries.count else {
                return note(path, "dictionary of \(entries.count), dump \(expected)")
            }
            if ordered, entries.map(\.key) != printed.map(\.key) {
                note(path, "keys in order \(entries.map(\.key)), dump \(printed.map(\.key))")
            }
            for entry in entries {
                guard let item = expected[entry.key] else {
                    note(path, "key \(entry.key) not in dump")
                    continue
                }
                try compareElement(entry.value, column, item, "\(path)[\(entry.key)]")
            }
        default:
            note(path, "value \(value) does not fit a \(column.collection) column")
        }
    }

    /// One value of a column (or one collection element).
    private mutating func compareElement(
        _ value: StoredValue, _ column: StoredColumn, _ expected: LenientJSON, _ path: String
    )
        throws
    {
        if case .link(let link) = value, column.type == .link {
            return try compareLink(link, expected, path, typed: false)
        }
        if column.type == .mixed { return try compareMixed(value, expected, path) }
        compareScalar(value, expected, path)
    }

    private mutating func compareMixed(_ value: StoredValue, _ expected: LenientJSON, _ path: String) throws {
        switch value {
        case .link(let link):
            try compareLink(link, expected, path, typed: true)
        case .list(let elements):
            guard case .array(let printed) = expected, printed.count == elements.count else {
                return note(path, "nested list of \(elements.count), dump \(expected)")
            }
            for (index, (element, item)) in zip(elements, printed).enumerated() {
                try compareMixed(element, item, "\(path)[\(index)]")
            }
        case .dictionary(let entries):
            guard case .object(let printed) = expected, printed.count == entries.count else {
                return note(path, "nested dictionary of \(entries.count), dump \(expected)")
            }
            for entry in entries {
                guard let item = expected[entry.key] else { return note(path, "key \(entry.key) not in dump") }
                try compareMixed(entry.value, item, "\(path)[\(entry.key)]")
            }
        default:
            compareScalar(value, expected, path)
        }
    }

    /// A link prints as the target's primary key (or key), an embedded target inline, a mixed link wrapped
    /// in `{"$link": {"table": …, "key": …}}`.
    private mutating func compareLink(_ link: StoredObjectLink, _ expected: LenientJSON, _ path: String, typed: Bool)
        throws
    {
        guard let target = realm.table(for: link.table) else {
            return note(path, "link to unknown table \(link.table)")
        }
        if target.kind == .embedded || target.primaryKeyColumnIndex == nil {
            guard let object = try realm.object(link.key, in: target) else {
                return note(path, "link to missing object \(link.key) in \(target.name)")
            }
            if target.kind == .embedded { return try compareObject(object, target, expected, path) }
        }
        var printedKey = expected
        if typed {
            guard let wrapped = expected["$link"], wrapped["table"]?.text == target.className ?? target.name,
                let key = wrapped["key"]
            else { return note(path, "typed link to \(target.name), dump \(expected)") }
            printedKey = key
        }
        guard target.primaryKeyColumnIndex != nil else {
            if printedKey != .number(String(link.key.rawValue)) {
                note(path, "link key \(link.key), dump \(printedKey)")
            }
            return
        }
        guard let primaryKey = try primaryKey(of: link.key, in: target) else {
            return note(path, "link to missing object \(link.key) in \(target.name)")
        }
        compareScalar(primaryKey, printedKey, path)
    }

    private mutating func primaryKey(of key: StoredObjectKey, in table: StoredTable) throws -> StoredValue? {
        if let keys = primaryKeys[table.key] { return keys[key.rawValue] }
        var keys: [Int64: StoredValue] = [:]
        try realm.forEachPrimaryKey(in: table) { keys[$0.rawValue] = $1 }
        primaryKeys[table.key] = keys
        return keys[key.rawValue]
    }

    private mutating func compareScalar(_ value: StoredValue, _ expected: LenientJSON, _ path: String) {
        let matches: Bool
        switch value {
        case .null: matches = expected == .null
        case .int(let number): matches = expected == .number(String(number))
        case .bool(let flag): matches = expected == .bool(flag)
        case .float(let number): matches = expected == .number(String(format: "%.7e", Double(number)))
        case .double(let number): matches = expected == .number(String(format: "%.16e", number))
        case .string(let text): matches = expected.text == text
        case .binary(let data): matches = expected == .text(data.base64EncodedString())
        case .timestamp(let timestamp):
            guard let text = expected.text else {
                return note(path, "timestamp \(timestamp), dump \(expected)")
            }
            matches = EngineText.timestamp(text).map { $0 == EngineText.normalized(timestamp) } ?? false
        case .decimal(let decimal):
            guard let text = expected.text else { return note(path, "decimal \(decimal), dump \(expected)") }
            matches = EngineText.decimal(text) == EngineText.decimal(decimal)
        case .objectId(let id): matches = expected == .text(id.description)
        case .uuid(let uuid): matches = expected == .text(uuid.uuidString.lowercased())
        case .link, .list, .set, .dictionary:
            matches = false
        }
        if !matches { note(path, "reader \(value), dump \(expected)") }
    }
}
