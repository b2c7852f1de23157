import Foundation
import RealmExport
import RealmFile
import TestSupport

/// Turns the Extended JSON values of a `jsonl` export back into what realm2json's mode 0 prints for them, using
/// only the export's text and the file's column types: the round trip a consumer of the JSON Lines would make.
struct JSONLinesRoundTrip {
    let file: RealmFileReader
    private let numbers = ScientificFormatter()

    struct Failure: Error, CustomStringConvertible {
        var description: String
    }

    /// The mode-0 object for one parsed line of class `table`.
    func engineObject(values: [String: Any], key: Int64, table: StoredTable) throws -> JSONValue {
        var members: [String: JSONValue] = [:]
        if table.primaryKeyColumnIndex == nil && table.kind != .embedded { members["_key"] = .integer(String(key)) }
        for column in table.columns where column.type != .backlink {
            guard let value = values[column.name] else { throw Failure(description: "missing \(column.name)") }
            members[column.name] = try engineValue(value, column: column, isElement: false)
        }
        return .object(members)
    }

    /// `isElement`: whether `value` is one element of the column's collection rather than the whole collection.
    private func engineValue(_ value: Any, column: StoredColumn, isElement: Bool = true) throws -> JSONValue {
        if value is NSNull { return .null }
        if let array = value as? [Any] { return .array(try array.map { try engineValue($0, column: column) }) }
        let isDictionary = column.collection == .dictionary && !isElement
        // Values hold no bare numbers (numbers are wrapped), so a bare NSNumber is a boolean.
        if let number = value as? NSNumber { return .bool(number.boolValue) }
        if let text = value as? String { return .string(Array(text.utf8)) }
        guard let object = value as? [String: Any] else { throw Failure(description: "unexpected \(value)") }
        if let long = object["$numberLong"] as? String { return .integer(long) }
        if let double = object["$numberDouble"] as? String { return try engineDouble(double, column: column) }
        if let oid = object["$oid"] as? String { return .string(Array(oid.utf8)) }
        if let decimal = object["$numberDecimal"] as? String { return .string(Array(try engineDecimal(decimal).utf8)) }
        if let binary = object["$binary"] as? [String: Any], let base64 = binary["base64"] as? String,
            let data = Data(base64Encoded: base64)
        {
            if binary["subType"] as? String == "04" {
                let uuid = data.withUnsafeBytes { raw in
                    UUID(uuid: raw.loadUnaligned(as: uuid_t.self))
                }
                return .string(Array(uuid.uuidString.lowercased().utf8))
            }
            return .string(Array(base64.utf8))
        }
        if let date = object["$date"] as? [String: Any], let text = date["$numberLong"] as? String,
            let milliseconds = Int64(text)
        {
            let extra = (object["$nanoseconds"] as? NSNumber)?.int64Value ?? 0
            return .string(Array(engineDate(milliseconds: milliseconds, extraNanoseconds: extra).utf8))
        }
        if let link = object["$link"] as? [String: Any] { return try engineLink(link, column: column) }
        // A dictionary, or an embedded object's values.
        if !isDictionary, column.type == .link, let target = column.targetTable.flatMap({ file.table(for: $0) }),
            target.kind == .embedded
        {
            return try engineObject(values: object, key: 0, table: target)
        }
        var members: [String: JSONValue] = [:]
        for (key, member) in object { members[key] = try engineValue(member, column: column) }
        return .object(members)
    }

    private func engineDouble(_ text: String, column: StoredColumn) throws -> JSONValue {
        let value: Double
        switch text {
        case "NaN": value = .nan
        case "Infinity": value = .infinity
        case "-Infinity": value = -.infinity
        default:
            guard let parsed = Double(text) else { throw Failure(description: "bad $numberDouble \(text)") }
            value = parsed
        }
        // Print it as the engine does (8 significant digits for floats) and read that back.
        let printed = try rendered { output in
            if column.type == .float {
                numbers.append(Float(value), to: output)
            } else {
                numbers.append(value, to: output)
            }
        }
        switch printed {
        case "nan", "-nan": return .number(.nan)
        case "inf": return .number(.infinity)
        case "-inf": return .number(-.infinity)
        default: return .number(Double(printed) ?? .nan)
        }
    }

    /// Parses `[-]digits[.digits][E±n]` (or NaN/Infinity) into BID bits and prints them the engine's way.
    private func engineDecimal(_ text: String) throws -> String {
        var rest = Substring(text)
        let negative = rest.hasPrefix("-")
        if negative { rest = rest.dropFirst() }
        var high: UInt64 = negative ? 1 << 63 : 0
        if rest == "NaN" {
            return try rendered { EngineDecimalFormat.append(StoredDecimal128(low: 0, high: 0x7C00 << 48), to: $0) }
        }
        if rest == "Infinity" {
            high |= 0x7800 << 48
            let value = StoredDecimal128(low: 0, high: high)
            return try rendered { EngineDecimalFormat.append(value, to: $0) }
        }
        var exponent = 0
        if let e = rest.firstIndex(of: "E") {
            exponent = Int(rest[rest.index(after: e)...]) ?? 0
            rest = rest[..<e]
        }
        if let point = rest.firstIndex(of: ".") {
            exponent -= rest.distance(from: point, to: rest.endIndex) - 1
            rest.remove(at: point)
        }
        var coefficientHigh: UInt64 = 0
        var coefficientLow: UInt64 = 0
        for digit in rest.utf8 {
            guard (0x30...0x39).contains(digit) else { throw Failure(description: "bad decimal \(text)") }
            let lowProduct = coefficientLow.multipliedFullWidth(by: 10)
            coefficientHigh = coefficientHigh &* 10 &+ lowProduct.high
            let (sum, carry) = lowProduct.low.addingReportingOverflow(UInt64(digit - 0x30))
            coefficientLow = sum
            if carry { coefficientHigh &+= 1 }
        }
        high |= UInt64(exponent + 6176) << 49 | coefficientHigh
        let value = StoredDecimal128(low: coefficientLow, high: high)
        return try rendered { EngineDecimalFormat.append(value, to: $0) }
    }

    private func engineDate(milliseconds: Int64, extraNanoseconds: Int64) -> String {
        // Back to realm's Timestamp: seconds and nanoseconds with the same sign.
        var seconds = milliseconds / 1000
        var nanoseconds = (milliseconds % 1000) * 1_000_000 + extraNanoseconds
        if nanoseconds >= 1_000_000_000 {
            seconds += 1
            nanoseconds -= 1_000_000_000
        }
        if seconds > 0 && nanoseconds < 0 {
            seconds -= 1
            nanoseconds += 1_000_000_000
        } else if seconds < 0 && nanoseconds > 0 {
            seconds += 1
            nanoseconds -= 1_000_000_000
        }
        let timestamp = StoredTimestamp(seconds: seconds, nanoseconds: Int32(nanoseconds))
        return (try? rendered { EngineTimestampFormat.append(timestamp, to: $0) }) ?? ""
    }

    private func engineLink(_ link: [String: Any], column: StoredColumn) throws -> JSONValue {
        guard let className = link["class"] as? String, let key = (link["key"] as? NSNumber)?.int64Value else {
            throw Failure(description: "bad $link \(link)")
        }
        guard let target = file.table(named: className) else { throw Failure(description: "no class \(className)") }
        var printed: JSONValue = .integer(String(key))
        if let primaryKey = link["primaryKey"], let index = target.primaryKeyColumnIndex {
            printed = try engineValue(primaryKey, column: target.columns[index])
        }
        if column.type == .link { return printed }
        return .object(["$link": .object(["table": .string(Array(className.utf8)), "key": printed])])
    }
}
