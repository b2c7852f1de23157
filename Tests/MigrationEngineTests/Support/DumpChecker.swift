import Foundation
import MigrationEngine

/// Compares the rows of a migrated SQLite database, read with plain SQL, with realm2json's mode-0 dump of the
/// source: every object in key order, every property of type int, bool, float, double, string, data, date,
/// ObjectId, UUID and every link (as the target's primary key, or its key when it has none), in single values,
/// lists, sets and dictionaries, and embedded objects recursively. Mixed and Decimal128 values, which mode 0 prints
/// in a lossy or engine-specific way, are counted as skipped (verification compares them with the source).
struct DumpChecker {
    let path: String
    let schema: MigrationSchema
    private(set) var compared = 0
    private(set) var skipped = 0
    private(set) var mismatches: [String] = []
    private var rows: [String: [Int64: [SQLValue]]] = [:]
    private var elements: [String: [Int64: [[SQLValue]]]] = [:]

    init(path: String, schema: MigrationSchema) throws {
        self.path = path
        self.schema = schema
        for cls in schema.classes {
            rows[cls.name] = Dictionary(
                uniqueKeysWithValues: try queryValues(path, "SELECT * FROM \"\(cls.name)\"").compactMap { row in
                    if case .integer(let key) = row.first { (key, row) } else { nil }
                })
            for field in cls.fields where field.collection != .single {
                let table = "\(cls.name)__\(field.name)"
                var byOwner: [Int64: [[SQLValue]]] = [:]
                for row in try queryValues(path, "SELECT * FROM \"\(table)\" ORDER BY owner, position") {
                    if case .integer(let owner) = row.first {
                        byOwner[owner, default: []].append(Array(row.dropFirst(2)))
                    }
                }
                elements[table] = byOwner
            }
        }
    }

    /// Checks the dump's objects of `cls`, which realm2json lists in key order.
    mutating func check(_ cls: ClassDescription, dumped objects: [[String: Any]]) {
        let keys = (rows[cls.name] ?? [:]).keys.sorted()
        guard keys.count == objects.count else {
            mismatch("\(cls.name): \(keys.count) rows, \(objects.count) objects in the dump")
            return
        }
        for (key, object) in zip(keys, objects) { check(cls, key: key, object: object, at: "\(cls.name)[\(key)]") }
    }

    private mutating func check(_ cls: ClassDescription, key: Int64, object: [String: Any], at location: String) {
        if let dumpedKey = object["_key"] as? NSNumber, dumpedKey.int64Value != key {
            mismatch("\(location): dump says _key \(dumpedKey)")
        }
        guard let row = rows[cls.name]?[key] else { return mismatch("\(location): no row") }
        var column = 1
        for field in cls.fields {
            let width = field.type == .date || field.type == .mixed ? 2 : 1
            defer { if field.collection == .single { column += width } }
            guard let dumped = object[field.name] else { continue }
            let here = "\(location).\(field.name)"
            switch field.collection {
            case .single:
                guard column + width <= row.count else { return mismatch("\(here): row too short") }
                checkValue(field, dumped, Array(row[column..<(column + width)]), at: here)
            case .list, .set:
                let stored = elements["\(cls.name)__\(field.name)"]?[key] ?? []
                guard let list = dumped as? [Any], list.count == stored.count else {
                    mismatch("\(here): \(stored.count) elements, dump has \(dumped)")
                    continue
                }
                if field.collection == .set {
                    checkSet(field, list, stored, at: here)
                } else {
                    for (index, (item, columns)) in zip(list, stored).enumerated() {
                        checkValue(field, item, columns, at: "\(here)[\(index)]")
                    }
                }
            case .dictionary:
                let stored = elements["\(cls.name)__\(field.name)"]?[key] ?? []
                guard let map = dumped as? [String: Any], map.count == stored.count else {
                    mismatch("\(here): \(stored.count) entries, dump has \(dumped)")
                    continue
                }
                for columns in stored {
                    guard case .text(let entryKey) = columns.first, let item = map[entryKey] else {
                        mismatch("\(here): entry \(columns.first.map { "\($0)" } ?? "?") not in the dump")
                        continue
                    }
                    checkValue(field, item, Array(columns.dropFirst()), at: "\(here)[\(entryKey)]")
                }
            }
        }
    }

    private mutating func checkValue(
        _ field: FieldDescription, _ dumped: Any, _ columns: [SQLValue], at location: String
    ) {
        if field.type == .link, case .integer(let targetKey) = columns.first, let targetName = field.targetClass,
            let target = schema.class(named: targetName), target.isEmbedded, let nested = dumped as? [String: Any]
        {
            return check(target, key: targetKey, object: nested, at: location)
        }
        guard let result = matches(field, dumped, columns) else {
            skipped += 1
            return
        }
        expect(result, location, dumped, columns)
    }

    /// Checks a set: the same elements as the dump, in any order (an upgrade re-sorts sets, the stored order is kept).
    private mutating func checkSet(
        _ field: FieldDescription, _ dumped: [Any], _ stored: [[SQLValue]], at location: String
    ) {
        var remaining = Array(dumped.indices)
        for columns in stored {
            if let match = remaining.firstIndex(where: { matches(field, dumped[$0], columns) != false }) {
                if matches(field, dumped[remaining[match]], columns) == nil { skipped += 1 } else { compared += 1 }
                remaining.remove(at: match)
            } else {
                compared += 1
                mismatch("\(location): element \(columns) is not in the dump")
            }
        }
    }

    /// Whether the stored columns hold the dumped value; `nil` for values this checker does not compare.
    private func matches(_ field: FieldDescription, _ dumped: Any, _ columns: [SQLValue]) -> Bool? {
        guard let stored = columns.first else { return false }
        if field.type == .decimal128 { return nil }
        if field.type == .mixed { return mixedMatches(dumped, columns) }
        if dumped is NSNull { return stored == .null }
        switch (field.type, stored) {
        case (.link, .integer(let targetKey)):
            guard let targetName = field.targetClass, let target = schema.class(named: targetName) else { return false }
            guard let pk = target.primaryKey, let pkIndex = target.fields.firstIndex(where: { $0.name == pk }),
                let targetRow = rows[targetName]?[targetKey]
            else { return (dumped as? NSNumber)?.int64Value == targetKey }
            let pkColumn =
                1
                + target.fields[..<pkIndex].filter { $0.collection == .single }.reduce(0) {
                    $0 + ($1.type == .date || $1.type == .mixed ? 2 : 1)
                }
            return matches(target.fields[pkIndex], dumped, Array(targetRow[pkColumn...]))
        case (.int, .integer(let value)): return (dumped as? NSNumber).map { "\($0)" == "\(value)" } ?? false
        case (.bool, .integer(let value)): return (dumped as? Bool) == (value != 0)
        case (.string, .text(let value)): return (dumped as? String) == value
        case (.float, _), (.double, _): return Self.sameNumber(dumped, stored, isFloat: field.type == .float)
        case (.data, .blob(let bytes)): return (dumped as? String).flatMap { Data(base64Encoded: $0) } == Data(bytes)
        case (.date, .integer(let seconds)):
            guard columns.count >= 2, case .integer(let nanoseconds) = columns[1] else { return false }
            return (dumped as? String) == Self.realmDateText(seconds: seconds, nanoseconds: nanoseconds)
        case (.objectId, .blob(let bytes)):
            return (dumped as? String) == bytes.map { String(format: "%02x", $0) }.joined()
        case (.uuid, .blob(let bytes)):
            return bytes.count == 16
                && (dumped as? String)?.lowercased() == UUID(uuid: Self.uuidTuple(bytes)).uuidString.lowercased()
        default: return false
        }
    }

    /// A mixed value: `value`, `value__type` columns (docs/sqlite-schema.md).
    private func mixedMatches(_ dumped: Any, _ columns: [SQLValue]) -> Bool? {
        guard columns.count >= 2 else { return false }
        guard case .text(let tag) = columns[1] else {
            return columns[0] == .null && columns[1] == .null && dumped is NSNull
        }
        if tag.hasPrefix("link:") {
            // realm2json prints a mixed link as {"$link": {"table": …, "key": <the target's primary key>}}.
            guard let link = (dumped as? [String: Any])?["$link"] as? [String: Any] else { return false }
            let className = String(tag.dropFirst(5))
            let table = link["table"] as? String
            guard table == className || table == "class_" + className else { return false }
            return matches(
                FieldDescription(name: "value", type: .link, targetClass: className), link["key"] ?? NSNull(),
                [columns[0]])
        }
        if tag == "date" {
            guard case .blob(let bytes) = columns[0], bytes.count == 12 else { return false }
            let seconds = Int64(bitPattern: bytes[0..<8].reduce(UInt64(0)) { $0 << 8 | UInt64($1) })
            let nanoseconds = Int32(bitPattern: bytes[8..<12].reduce(UInt32(0)) { $0 << 8 | UInt32($1) })
            return (dumped as? String) == Self.realmDateText(seconds: seconds, nanoseconds: Int64(nanoseconds))
        }
        guard let type = FieldType(rawValue: tag), type != .mixed, type != .link else { return nil }
        return matches(FieldDescription(name: "value", type: type), dumped, [columns[0]])
    }

    private mutating func expect(_ condition: Bool, _ location: String, _ dumped: Any, _ stored: [SQLValue]) {
        compared += 1
        if !condition { mismatch("\(location): dump \(dumped), SQLite \(stored)") }
    }

    private mutating func mismatch(_ text: String) {
        if mismatches.count < 20 { mismatches.append(text) }
    }

    private static func sameNumber(_ dumped: Any, _ stored: SQLValue, isFloat: Bool) -> Bool {
        let value: Double
        switch stored {
        case .real(let number): value = number
        case .integer(let number): value = Double(number)
        case .blob(let bytes):
            let bits = bytes.reduce(UInt64(0)) { $0 << 8 | UInt64($1) }
            value =
                bytes.count == 4
                ? Double(Float(bitPattern: UInt32(truncatingIfNeeded: bits))) : Double(bitPattern: bits)
        default: return false
        }
        switch dumped as? String {
        case "$nan": return value.isNaN
        case "$inf": return value == .infinity
        case "$-inf": return value == -.infinity
        default:
            guard let number = dumped as? NSNumber else { return false }
            return isFloat ? Float(number.doubleValue) == Float(value) : number.doubleValue == value
        }
    }

    /// realm2json's text for a Timestamp: `yyyy-MM-dd HH:mm:ss` (proleptic Gregorian, UTC), then `.nnnnnnnnn`
    /// when the nanoseconds are not zero.
    static func realmDateText(seconds: Int64, nanoseconds: Int64) -> String {
        var seconds = seconds
        var nanoseconds = nanoseconds
        if nanoseconds < 0 {
            seconds -= 1
            nanoseconds += 1_000_000_000
        }
        let days = Int64((Double(seconds) / 86_400).rounded(.down))
        let secondOfDay = seconds - days * 86_400
        // Days since 1970-01-01 to a civil date (H. Hinnant's algorithm).
        let z = days + 719_468
        let era = (z >= 0 ? z : z - 146_096) / 146_097
        let dayOfEra = z - era * 146_097
        let yearOfEra = (dayOfEra - dayOfEra / 1460 + dayOfEra / 36_524 - dayOfEra / 146_096) / 365
        let dayOfYear = dayOfEra - (365 * yearOfEra + yearOfEra / 4 - yearOfEra / 100)
        let monthIndex = (5 * dayOfYear + 2) / 153
        let day = dayOfYear - (153 * monthIndex + 2) / 5 + 1
        let month = monthIndex < 10 ? monthIndex + 3 : monthIndex - 9
        let year = yearOfEra + era * 400 + (month <= 2 ? 1 : 0)
        var text = String(
            format: "%04lld-%02lld-%02lld %02lld:%02lld:%02lld", year, month, day, secondOfDay / 3600,
            secondOfDay % 3600 / 60,
            secondOfDay % 60)
        if nanoseconds != 0 { text += String(format: ".%09lld", nanoseconds) }
        return text
    }

    private static func uuidTuple(_ bytes: [UInt8]) -> uuid_t {
        var tuple: uuid_t = (0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0)
        withUnsafeMutableBytes(of: &tuple) { target in
            for (index, byte) in bytes.prefix(16).enumerated() { target[index] = byte }
        }
        return tuple
    }
}
