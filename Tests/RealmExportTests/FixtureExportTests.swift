import Foundation
import RealmExport
import RealmFile
import TestSupport
import Testing

/// Every readable fixture (formats 20–24, upstream files included) exports JSON-equal to what the current engine's
/// `realm2json` printed for it, in all three modes, and its schema equals `realm2json --schema`.
@Suite struct FixtureExportTests {
    static let cases = FixtureTruth.readable.map { "\($0.realm)|\($0.truthBase)" }

    private func export(_ realm: String, mode: EngineJSONExporter.Mode?) throws -> JSONValue {
        let file = try RealmFile(url: Fixtures.realm(realm))
        let destination = MemoryDestination()
        let output = OutputBuffer(destination: destination)
        if let mode {
            try EngineJSONExporter(source: file, mode: mode, output: output).writeDocument()
        } else {
            try SchemaJSONExporter.write(file, to: output)
        }
        return try LenientJSONParser.parse(destination.bytes)
    }

    @Test(arguments: cases)
    func exportMatchesTheEngine(_ fixture: String) throws {
        let parts = fixture.split(separator: "|").map(String.init)
        let (realm, truth) = (parts[0], parts[1])
        let modes: [(EngineJSONExporter.Mode?, String)] = [
            (nil, "schema.json"), (.json, "json"), (.xjson, "xjson"), (.xjsonPlus, "xjsonplus"),
        ]
        for (mode, suffix) in modes {
            let ours = try export(realm, mode: mode)
            let theirs = try FixtureTruth.dump(truth, suffix: suffix)
            let difference = ours.firstDifference(from: theirs)
            #expect(difference == nil, "\(realm) \(suffix): \(difference ?? "")")
        }
    }
}

@Suite struct ComparerSanityTests {
    @Test func differentModesAreNotJSONEqual() throws {
        let json = try FixtureTruth.dump("music.v24", suffix: "json")
        let xjson = try FixtureTruth.dump("music.v24", suffix: "xjson")
        #expect(json.firstDifference(from: xjson) != nil)
        #expect(json.firstDifference(from: json) == nil)
    }
}
