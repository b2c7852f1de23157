import Foundation
import RealmExport
import RealmFile
import RealmRehearsal
import SwiftDataToolchain
import TestSupport
import Testing

/// What the rehearsal tests share: one program builder per process, the fixtures, and the comparison of a store's
/// dump with `realm export --format jsonl`.
enum Rehearsals {
    static let builder: Result<SwiftProgramBuilder, any Error> = Result { try SwiftProgramBuilder() }

    /// The key of the encrypted fixtures (fixtures README): bytes 0, 1, …, 63.
    static let encryptionKey = Data(0..<64)

    /// Opens fixture `name` with the reader, with the key when it is an encrypted one.
    static func open(_ name: String) throws -> RealmFileReader {
        try RealmFileReader(url: Fixtures.realm(name), encryptionKey: name.contains("_encrypted") ? encryptionKey : nil)
    }

    /// A rehearsal of fixture `name` (with the key when it is an encrypted one) into a fresh store in `directory`.
    static func rehearsal(of name: String, in directory: TemporaryDirectory) throws -> RealmRehearsal {
        var rehearsal = RealmRehearsal(realmFile: Fixtures.realm(name), builder: try builder.get())
        rehearsal.store = directory.appending("default.store")
        rehearsal.dumpDirectory = directory.appending("dump")
        rehearsal.encryptionKey = name.contains("_encrypted") ? encryptionKey : nil
        return rehearsal
    }

    /// Every fixture of formats 10, 11 and 20–24 (top level, realm-core's `upstream/`, the SDKs' `wild/`), except
    /// `large` (the benchmark's), `medium` (the crash test's) and realm-core's upgrade test file written with
    /// B+tree nodes of 4, whose links lead to keys that read as missing (realm2json stops on it too; its SQLite
    /// migration test pins the dangling links).
    static let fixtures: [String] = {
        let directory = Fixtures.realmDirectory
        var names: [String] = []
        for folder in ["", "upstream/", "wild/"] {
            let entries =
                (try? FileManager.default.contentsOfDirectory(atPath: directory.appendingPathComponent(folder).path))
                ?? []
            names += entries.filter { $0.hasSuffix(".realm") }.map { folder + $0 }
        }
        return names.filter { name in
            !name.hasPrefix("large") && !name.hasPrefix("medium")
                && !name.hasSuffix("test_upgrade_database_4_10_to_11.realm")
                && fileFormat(of: name).map { [10, 11].contains($0) || (20...24).contains($0) } == true
        }.sorted()
    }()

    /// The format number in the name (`music.v24.realm`) or in the header.
    static func fileFormat(of name: String) -> Int? {
        if let range = name.range(of: #"\.v(\d+)\.realm$"#, options: .regularExpression) {
            return Int(name[range].dropFirst(2).dropLast(6))
        }
        guard let handle = FileHandle(forReadingAtPath: Fixtures.realm(name).path),
            let header = try? handle.read(upToCount: 24), header.count == 24,
            header[16..<20].elementsEqual("T-DB".utf8)
        else { return nil }
        return Int(header[20 + Int(header[23] & 1)])
    }

    /// `realm export --format jsonl` of fixture `name`, parsed, by class, with every link written as its target's
    /// primary key (or `{"$numberLong": key}` for classes without one), as the dump writes relationships.
    static func export(_ name: String) throws -> [String: [[String: Any]]] {
        try export(open(name))
    }

    /// `realm export --format jsonl` of `realm`, parsed, by class, links as in ``export(_:)-(String)``.
    static func export(_ realm: RealmFileReader) throws -> [String: [[String: Any]]] {
        let memory = MemoryDestination()
        let output = OutputBuffer(destination: memory)
        try JSONLinesExporter(source: realm, output: output).writeLines()
        var byClass: [String: [[String: Any]]] = [:]
        for line in memory.bytes.split(separator: 0x0A) {
            guard let object = try JSONSerialization.jsonObject(with: Data(line)) as? [String: Any],
                let cls = object["class"] as? String
            else { continue }
            byClass[cls, default: []].append(object.mapValues(linksAsKeys))
        }
        return byClass
    }

    /// Expects the store's dump of each of `classes` (in `dump`) to hold what `exported` holds, object by object and
    /// field by field, as the store can keep it (sets in any order, dates to the microsecond, NaN as null).
    static func expectDump(
        in dump: URL, of classes: [String], toMatch exported: [String: [[String: Any]]],
        setFields: [String: Set<String>],
        sourceLocation: SourceLocation = #_sourceLocation
    ) throws {
        for cls in classes.sorted() {
            let dumped = try Rehearsals.dump(dump.appendingPathComponent("\(cls).jsonl"))
            let expected = exported[cls] ?? []
            try #require(
                dumped.count == expected.count, "\(cls): \(dumped.count) dumped, \(expected.count) exported",
                sourceLocation: sourceLocation)
            for (line, reference) in zip(dumped, expected) {
                #expect("\(line["key"] ?? "")" == "\(reference["key"] ?? "")", sourceLocation: sourceLocation)
                let values = line["values"] as? [String: Any] ?? [:]
                let referenceValues = reference["values"] as? [String: Any] ?? [:]
                #expect(
                    Set(values.keys) == Set(referenceValues.keys), "\(cls)[\(reference["key"] ?? "")] fields",
                    sourceLocation: sourceLocation)
                for field in referenceValues.keys.sorted() {
                    var value = values[field] ?? NSNull()
                    var referenceValue = asTheStoreKeeps(referenceValues[field] ?? NSNull())
                    if setFields[cls]?.contains(field) == true {
                        value = sortedAsSet(value)
                        referenceValue = sortedAsSet(referenceValue)
                    }
                    guard !differences(value, referenceValue).isEmpty else { continue }
                    #expect(
                        isDatePrecision(value, referenceValue),
                        "\(cls)[\(reference["key"] ?? "")].\(field): dumped \(values[field] ?? "nil"), exported \(referenceValues[field] ?? "nil")",
                        sourceLocation: sourceLocation)
                }
            }
        }
    }

    /// The set-valued properties of each class of `realm` (a Realm set has no order).
    static func setFields(of realm: RealmFileReader) -> [String: Set<String>] {
        Dictionary(
            realm.schema.objectTypes.map { cls in
                (cls.name, Set(cls.properties.filter { $0.collection == .set }.map(\.name)))
            },
            uniquingKeysWith: { first, _ in first })
    }

    /// A dump file's lines, parsed.
    static func dump(_ url: URL) throws -> [[String: Any]] {
        try Data(contentsOf: url).split(separator: 0x0A).compactMap {
            try JSONSerialization.jsonObject(with: Data($0)) as? [String: Any]
        }
    }

    private static func linksAsKeys(_ value: Any) -> Any {
        if let object = value as? [String: Any] {
            if object.count == 1, let link = object["$link"] as? [String: Any] {
                return link["primaryKey"].map(linksAsKeys) ?? ["$numberLong": "\(link["key"] ?? "")"]
            }
            return object.mapValues(linksAsKeys)
        }
        if let array = value as? [Any] { return array.map(linksAsKeys) }
        return value
    }

    /// The paths (`field`, `field[2]`, `field.member`) where `dumped` and `exported` differ.
    static func differences(_ dumped: Any, _ exported: Any, at path: String = "") -> [String] {
        switch (dumped, exported) {
        case (let a as [String: Any], let b as [String: Any]):
            guard Set(a.keys) == Set(b.keys) else { return [path] }
            return a.keys.sorted().flatMap { key in
                differences(a[key] ?? NSNull(), b[key] ?? NSNull(), at: path.isEmpty ? key : "\(path).\(key)")
            }
        case (let a as [Any], let b as [Any]):
            guard a.count == b.count else { return [path] }
            return zip(a, b).enumerated().flatMap { differences($1.0, $1.1, at: "\(path)[\($0)]") }
        default:
            return (dumped as? NSObject) == (exported as? NSObject) ? [] : [path]
        }
    }

    /// The elements of a set's JSON array in one order (timestamps by time, others by their JSON text), so two
    /// listings of one set compare equal; other values unchanged.
    static func sortedAsSet(_ value: Any) -> Any {
        guard let elements = value as? [Any] else { return value }
        func key(_ element: Any) -> (time: Double?, text: String) {
            if let object = element as? [String: Any], let date = object["$date"] as? [String: Any],
                let milliseconds = Double(date["$numberLong"] as? String ?? "")
            {
                return (milliseconds + Double(object["$nanoseconds"] as? Int ?? 0) / 1_000_000, "")
            }
            let data = try? JSONSerialization.data(withJSONObject: [element], options: [.sortedKeys])
            return (nil, data.map { String(decoding: $0, as: UTF8.self) } ?? "\(element)")
        }
        return elements.map { (key($0), $0) }.sorted { a, b in
            switch (a.0.time, b.0.time) {
            case (let x?, let y?): x < y
            case (nil, nil): a.0.text < b.0.text
            case (nil, _): true
            case (_, nil): false
            }
        }.map(\.1)
    }

    /// Whether two values differ only where a `Date` property cannot avoid it: timestamps (alone, or as elements
    /// of lists and dictionaries) whose nanoseconds a `Double` of seconds does not hold exactly, off by at most a
    /// microsecond. Everything else must be equal.
    static func isDatePrecision(_ dumped: Any?, _ exported: Any?) -> Bool {
        switch (dumped, exported) {
        case (let a as [Any], let b as [Any]):
            return a.count == b.count && zip(a, b).allSatisfy(isEqualUpToDatePrecision)
        case (let a as [String: Any], let b as [String: Any]) where a["$date"] == nil && b["$date"] == nil:
            return Set(a.keys) == Set(b.keys)
                && a.keys.allSatisfy { isEqualUpToDatePrecision(a[$0] ?? NSNull(), b[$0] ?? NSNull()) }
        default:
            break
        }
        guard let a = dumped as? [String: Any], let b = exported as? [String: Any],
            let dateA = a["$date"] as? [String: Any], let dateB = b["$date"] as? [String: Any],
            let millisecondsA = Int64(dateA["$numberLong"] as? String ?? ""),
            let millisecondsB = Int64(dateB["$numberLong"] as? String ?? "")
        else { return false }
        // Compared as a difference: nanoseconds since 1970 overflow Int64 for dates past the year 2262.
        let (millisecondDifference, overflow) = millisecondsA.subtractingReportingOverflow(millisecondsB)
        guard !overflow, abs(millisecondDifference) <= 1 else { return false }
        let nanosecondDifference =
            millisecondDifference * 1_000_000 + Int64(a["$nanoseconds"] as? Int ?? 0)
            - Int64(b["$nanoseconds"] as? Int ?? 0)
        return abs(nanosecondDifference) <= 1_000
    }

    /// The exported value as SwiftData's SQLite store (Core Data's, on a device too) keeps it: a NaN as null (what
    /// the importer of models generated from the file writes for it) and −0.0 as +0.0 (REAL columns), at any depth.
    static func asTheStoreKeeps(_ exported: Any) -> Any {
        switch exported {
        case let array as [Any]:
            return array.map(asTheStoreKeeps)
        case let object as [String: Any]:
            guard let number = object["$numberDouble"] as? String, object.count == 1 else {
                return object.mapValues(asTheStoreKeeps)
            }
            if number == "NaN" { return NSNull() }
            if number.hasPrefix("-"), Double(number) == 0 { return ["$numberDouble": String(number.dropFirst())] }
            return object
        default:
            return exported
        }
    }

    private static func isEqualUpToDatePrecision(_ dumped: Any, _ exported: Any) -> Bool {
        differences(dumped, exported).isEmpty || isDatePrecision(dumped, exported)
    }
}
