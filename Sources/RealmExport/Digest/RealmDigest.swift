import Foundation
import RealmFile

/// A content fingerprint of a Realm file: per class, the object count and per property a null count plus sums and
/// SHA-256 hashes of the values, visited in ascending primary-key order (key order for classes without one).
/// Two files with the same digest hold the same data, however differently the bytes are laid out.
///
/// This is the definition the fixtures' `large.v24.digest.json` uses (see the fixtures README): `int` → `sum`;
/// `double` → `sum` (added in order, printed with `%.17g`); `string` → `utf8_bytes` and `sha256` of the non-null
/// values joined by `\n`; `date` → `sum_seconds` and `sum_nanoseconds`; `list<link X>` → `elements`,
/// `sum_target_pk` and `sha256` of one line per object (the targets' primary keys joined by `,`). Other property
/// kinds, which that definition does not cover, get a `sha256` of their canonical Extended JSON texts (as in
/// `jsonl`) joined by `\n`, nulls skipped. Sums are exact decimal strings.
public enum RealmDigest {
    /// Computes the digest document of `source`: `{"file_format":…,"classes":{…}}`.
    public static func compute(_ source: any ExportSource) throws -> [String: Any] {
        var classes: [String: Any] = [:]
        let primaryKeys = PrimaryKeyIndex()
        for table in source.tables where table.kind != .embedded {
            guard let name = table.className else { continue }
            classes[name] = try digest(of: table, in: source, primaryKeys: primaryKeys)
        }
        return ["file_format": source.fileFormat, "classes": classes]
    }

    /// The digest as pretty-printed JSON text with sorted keys.
    public static func jsonText(_ source: any ExportSource) throws -> String {
        let data = try JSONSerialization.data(
            withJSONObject: try compute(source), options: [.prettyPrinted, .sortedKeys, .withoutEscapingSlashes])
        return String(decoding: data, as: UTF8.self) + "\n"
    }

    private static func digest(of table: StoredTable, in source: any ExportSource, primaryKeys: PrimaryKeyIndex) throws
        -> [String: Any]
    {
        let columns = table.columns.enumerated().filter { $0.element.type != .backlink }
        var accumulators = try columns.map {
            try ColumnAccumulator(column: $0.element, source: source, primaryKeys: primaryKeys)
        }
        var count = 0
        try forEachInPrimaryKeyOrder(table, source) { object in
            count += 1
            for (position, (index, _)) in columns.enumerated() {
                try accumulators[position].add(index < object.values.count ? object.values[index] : .null)
            }
        }
        var result: [String: Any] = [:]
        for (position, (_, column)) in columns.enumerated() { result[column.name] = accumulators[position].summary() }
        return ["count": count, "columns": result]
    }

    private static func forEachInPrimaryKeyOrder(
        _ table: StoredTable, _ source: any ExportSource, _ body: (StoredObject) throws -> Void
    ) throws {
        guard let primaryKeyIndex = table.primaryKeyColumnIndex else {
            try source.forEachObject(in: table, body)
            return
        }
        var keys: [(primaryKey: StoredValue, key: StoredObjectKey)] = []
        keys.reserveCapacity(table.objectCount)
        var ascending = true
        try source.forEachObject(in: table) { object in
            let primaryKey = primaryKeyIndex < object.values.count ? object.values[primaryKeyIndex] : .null
            if let last = keys.last, !precedes(last.primaryKey, primaryKey) { ascending = false }
            keys.append((primaryKey, object.key))
        }
        if ascending {
            try source.forEachObject(in: table, body)
            return
        }
        keys.sort { precedes($0.primaryKey, $1.primaryKey) }
        for entry in keys {
            if let object = try source.object(entry.key, in: table) { try body(object) }
        }
    }

    /// Primary-key order: null first, then integers numerically, strings by UTF-8 bytes, other types by text.
    private static func precedes(_ lhs: StoredValue, _ rhs: StoredValue) -> Bool {
        switch (lhs, rhs) {
        case (.null, .null): false
        case (.null, _): true
        case (_, .null): false
        case (.int(let a), .int(let b)): a < b
        case (.string(let a), .string(let b)): a.utf8.lexicographicallyPrecedes(b.utf8)
        case (.objectId(let a), .objectId(let b)): a.bytes.lexicographicallyPrecedes(b.bytes)
        case (.uuid(let a), .uuid(let b)): a.uuidString.lowercased() < b.uuidString.lowercased()
        default: false
        }
    }
}

/// Exact signed 128-bit sum.
struct ExactSum {
    private var high: Int64 = 0
    private var low: UInt64 = 0

    mutating func add(_ value: Int64) {
        let (sum, carry) = low.addingReportingOverflow(UInt64(bitPattern: value))
        low = sum
        high = high &+ (value < 0 ? -1 : 0) &+ (carry ? 1 : 0)
    }

    /// The sum in decimal.
    var text: String {
        var negative = high < 0
        var magnitudeHigh = UInt64(bitPattern: high)
        var magnitudeLow = low
        if negative {
            magnitudeLow = ~magnitudeLow &+ 1
            magnitudeHigh = ~magnitudeHigh &+ (magnitudeLow == 0 ? 1 : 0)
        }
        if magnitudeHigh == 0 && magnitudeLow == 0 { negative = false }
        var digits: [Character] = []
        repeat {
            let (highQuotient, highRemainder) = magnitudeHigh.quotientAndRemainder(dividingBy: 10)
            let (lowQuotient, remainder) = (10 as UInt64).dividingFullWidth((highRemainder, magnitudeLow))
            magnitudeHigh = highQuotient
            magnitudeLow = lowQuotient
            digits.append(Character(Unicode.Scalar(UInt8(remainder) + 0x30)))
        } while magnitudeHigh != 0 || magnitudeLow != 0
        return (negative ? "-" : "") + String(digits.reversed())
    }
}
