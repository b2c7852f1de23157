import Foundation
import RealmExport
import RealmFile
import TestSupport
import Testing

/// The encrypted `music_encrypted` fixtures (formats 11 and 20–24), opened with their key, export JSON-equal to the engine's
/// dumps of their unencrypted twins (fixtures README: same content) in all three modes, schema included.
@Suite struct EncryptedFixtureExportTests {
    /// The key of every encrypted fixture: bytes 0x00, 0x01, …, 0x3F.
    static let key = Data((0..<64).map { UInt8($0) })

    @Test(arguments: [11, 20, 22, 23, 24])
    func encryptedExportMatchesTheTwinsTruth(format: Int) throws {
        let file = try RealmFileReader(
            url: Fixtures.realm("music_encrypted.v\(format).realm"), encryptionKey: Self.key)
        let truthBase = format == 24 ? "music.v24" : "current/music.v\(format)"
        let modes: [(EngineJSONExporter.Mode?, String)] = [
            (nil, "schema.json"), (.json, "json"), (.xjson, "xjson"), (.xjsonPlus, "xjsonplus"),
        ]
        for (mode, suffix) in modes {
            let destination = MemoryDestination()
            let output = OutputBuffer(destination: destination)
            if let mode {
                try EngineJSONExporter(source: file, mode: mode, output: output).writeDocument()
            } else {
                try SchemaJSONExporter.write(file, to: output)
            }
            let ours = JSONValue(try LenientJSON.parse(destination.bytes))
            let difference = ours.firstDifference(from: try FixtureTruth.dump(truthBase, suffix: suffix))
            #expect(difference == nil, "music_encrypted.v\(format) \(suffix): \(difference ?? "")")
        }
    }
}
