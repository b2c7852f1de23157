import Foundation
import RealmExport
import RealmFile
import TestSupport
import Testing

/// `jsonl`: every line is strictly valid JSON, and its values turned back into engine text give exactly the
/// current engine's mode-0 dump (dates with nanoseconds, decimals, UUIDs, links, embedded objects included).
@Suite struct JSONLinesExporterTests {
    @Test(arguments: (FixtureTruth.readable + FixtureTruth.encrypted).map { "\($0.realm)|\($0.truthBase)" })
    func linesAreValidJSONAndRoundTripToTheEngineDump(_ fixture: String) throws {
        let parts = fixture.split(separator: "|").map(String.init)
        let key = parts[0].contains("_encrypted") ? FixtureTruth.encryptionKey : nil
        let file = try RealmFileReader(url: Fixtures.realm(parts[0]), encryptionKey: key)
        let destination = MemoryDestination()
        try JSONLinesExporter(source: file, output: OutputBuffer(destination: destination)).writeLines()
        let roundTrip = JSONLinesRoundTrip(file: file)
        // Every printed class, an empty one too (no line names it, the dump prints `[]`).
        var classes: [String: [JSONValue]] = [:]
        for table in file.tables where table.kind != .embedded { classes[table.className ?? table.name] = [] }
        var lineCount = 0
        for line in destination.bytes.split(separator: 0x0A) {
            lineCount += 1
            let parsed = try JSONSerialization.jsonObject(with: Data(line))
            let object = try #require(parsed as? [String: Any], "line \(lineCount) is not an object")
            let className = try #require(object["class"] as? String)
            let key = try #require((object["key"] as? NSNumber)?.int64Value)
            let values = try #require(object["values"] as? [String: Any])
            let table = try #require(file.table(named: className))
            classes[className, default: []].append(try roundTrip.engineObject(values: values, key: key, table: table))
        }
        #expect(lineCount == file.tables.filter { $0.kind != .embedded }.reduce(0) { $0 + $1.objectCount })
        let truth = try FixtureTruth.dump(parts[1], suffix: "json")
        let ours = JSONValue.object(classes.mapValues { .array($0) })
        let difference = ours.firstDifference(from: truth)
        #expect(difference == nil, "\(parts[0]): \(difference ?? "")")
    }

    @Test func timestampsKeepTheirNanoseconds() throws {
        let file = try RealmFileReader(url: Fixtures.realm("music.v24.realm"))
        let destination = MemoryDestination()
        try JSONLinesExporter(source: file, output: OutputBuffer(destination: destination)).writeLines(
            className: "Track")
        let first = String(decoding: destination.bytes.split(separator: 0x0A)[0], as: UTF8.self)
        // track-01: 2001-01-01 09:01:00.250000000 UTC.
        #expect(first.contains(#""releaseDate":{"$date":{"$numberLong":"978339660250"}}"#))
    }
}
