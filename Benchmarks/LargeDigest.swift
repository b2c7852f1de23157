import Checksums
import Foundation
import MigrationEngine

/// Recomputes the `large` digest definition (fixtures README, "Digest") from a migrated SQLite database, through
/// the `sqlite3` shell, and compares it with a `*.digest.json` file.
enum LargeDigest {
    /// The fields that differ, as "Class.column.field: expected X, found Y"; empty when everything matches.
    static func compare(database: String, digestFile: String) throws -> [String] {
        guard
            let digest = try JSONSerialization.jsonObject(with: Data(contentsOf: URL(fileURLWithPath: digestFile)))
                as? [String: Any],
            let classes = digest["classes"] as? [String: [String: Any]]
        else { throw BenchmarkError("unreadable digest file \(digestFile)") }
        var mismatches: [String] = []
        for (className, expected) in classes.sorted(by: { $0.key < $1.key }) {
            let count = try query(database, "SELECT count(*) FROM \"\(className)\"")
            if "\(expected["count"] ?? "")" != count {
                mismatches.append("\(className).count: expected \(expected["count"] ?? ""), found \(count)")
            }
            for (column, fields) in (expected["columns"] as? [String: [String: Any]] ?? [:]).sorted(by: {
                $0.key < $1.key
            }) {
                let found = try computed(database, className, column, type: fields["type"] as? String ?? "")
                for (field, value) in fields where field != "type" {
                    let expectedText = "\(value)"
                    if found[field] != expectedText {
                        mismatches.append(
                            "\(className).\(column).\(field): expected \(expectedText), found \(found[field] ?? "nothing")"
                        )
                    }
                }
            }
        }
        return mismatches
    }

    private static func computed(_ database: String, _ table: String, _ column: String, type: String) throws -> [String:
        String]
    {
        let from = "FROM \"\(table)\""
        let nulls = try query(database, "SELECT count(*) \(from) WHERE \"\(column)\" IS NULL")
        switch type {
        case "int":
            return ["nulls": nulls, "sum": try query(database, "SELECT sum(\"\(column)\") \(from)")]
        case "double":
            let sum =
                Double(try query(database, "SELECT sum(\"\(column)\") FROM (SELECT \"\(column)\" \(from) ORDER BY id)"))
                ?? .nan
            return ["nulls": nulls, "sum": String(format: "%.17g", sum)]
        case "string":
            let values = try query(database, "SELECT \"\(column)\" \(from) WHERE \"\(column)\" IS NOT NULL ORDER BY id")
            return [
                "nulls": nulls,
                "utf8_bytes": String(
                    values.utf8.count
                        - max(0, values.split(separator: "\n", omittingEmptySubsequences: false).count - 1)),
                "sha256": SHA256.hex(SHA256.hash(Array(values.utf8))),
            ]
        case "date":
            return [
                "nulls": nulls, "sum_seconds": try query(database, "SELECT sum(\"\(column)\") \(from)"),
                "sum_nanoseconds": try query(database, "SELECT sum(\"\(column)__ns\") \(from)"),
            ]
        default:  // list<link Track>
            let join = "\"\(table)__\(column)\""
            let lines = try query(
                database,
                "SELECT (SELECT group_concat(id, ',') FROM (SELECT t.id FROM \(join) j JOIN Track t ON t._key = j.value WHERE j.owner = a._key ORDER BY j.position)) FROM \"\(table)\" a ORDER BY a.id"
            )
            return [
                "nulls": try query(database, "SELECT count(*) FROM \(join) WHERE value IS NULL"),
                "elements": try query(database, "SELECT count(*) FROM \(join)"),
                "sum_target_pk": try query(
                    database, "SELECT sum(t.id) FROM \(join) j JOIN Track t ON t._key = j.value"),
                "sha256": SHA256.hex(SHA256.hash(Array(lines.utf8))),
            ]
        }
    }

    /// The shell's output without its final newline.
    private static func query(_ database: String, _ sql: String) throws -> String {
        var text = try MigrationBenchmark.shell("/usr/bin/env", ["sqlite3", "-readonly", database, sql])
        if text.hasSuffix("\n") { text.removeLast() }
        return text
    }
}
