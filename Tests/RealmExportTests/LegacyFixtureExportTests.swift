import Foundation
import RealmExport
import RealmFile
import TestSupport
import Testing

/// Files of formats 2–9 export byte for byte as the copies realm-core 6.2.4 upgraded to format 11 (whose export the
/// fixture tests of format 11 check against the current engine's dumps): schema, all three engine modes on one and
/// on three threads, and JSON Lines.
@Suite struct LegacyFixtureExportTests {
    private func export(_ url: URL, _ mode: EngineJSONExporter.Mode?, threads: Int = 1) throws -> [UInt8] {
        let file = try RealmFileReader(url: url)
        let destination = MemoryDestination()
        let output = OutputBuffer(destination: destination)
        switch mode {
        case .some(let mode):
            try EngineJSONExporter(source: file, mode: mode, output: output, threads: threads).writeDocument()
        case .none:
            try SchemaJSONExporter.write(file, to: output)
        }
        try output.flush()
        return destination.bytes
    }

    @Test(arguments: LegacyRealmFixtures.all)
    func exportEqualsTheUpgradedTwinsExport(_ fixture: LegacyRealmFixtures.Entry) throws {
        for mode in [nil, EngineJSONExporter.Mode.json, .xjson, .xjsonPlus] {
            let ours = try export(fixture.url, mode)
            let twins = try export(fixture.twinURL, mode)
            #expect(ours.count > 2)
            #expect(ours == twins, "\(fixture) \(String(describing: mode))")
            if mode != nil {
                #expect(try export(fixture.url, mode, threads: 3) == ours, "\(fixture) on three threads")
            }
        }
        func lines(_ url: URL) throws -> [UInt8] {
            let destination = MemoryDestination()
            let output = OutputBuffer(destination: destination)
            try JSONLinesExporter(source: try RealmFileReader(url: url), output: output).writeLines()
            try output.flush()
            return destination.bytes
        }
        #expect(try lines(fixture.url) == lines(fixture.twinURL), "\(fixture) jsonl")
    }
}
