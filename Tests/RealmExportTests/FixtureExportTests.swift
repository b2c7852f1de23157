import Foundation
import RealmExport
import RealmFile
import TestSupport
import Testing

/// Every readable fixture (formats 11 and 20–24, realm-core's upstream files of formats 10–23 and the real-world files
/// in `wild/`) exports JSON-equal to what the current engine's `realm2json` printed for it, in all three modes, and its
/// schema equals `realm2json --schema`.
@Suite struct FixtureExportTests {
    /// The encrypted twins are covered by `EncryptedFixtureExportTests`.
    static let cases = FixtureTruth.readable.map { "\($0.realm)|\($0.truthBase)" }

    private func export(_ realm: String, mode: EngineJSONExporter.Mode?) throws -> LenientJSON {
        let file = try RealmFileReader(url: Fixtures.realm(realm))
        let destination = MemoryDestination()
        let output = OutputBuffer(destination: destination)
        if let mode {
            try EngineJSONExporter(source: file, mode: mode, output: output).writeDocument()
        } else {
            try SchemaJSONExporter.write(file, to: output)
        }
        return try LenientJSON.parse(destination.bytes)
    }

    /// The names of a document's top-level members (tables), in order.
    private func memberNames(_ document: LenientJSON) -> [String] {
        guard case .object(let members) = document else { return [] }
        return members.map(\.key)
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
            let difference = JSONValue(ours).firstDifference(from: theirs)
            #expect(difference == nil, "\(realm) \(suffix): \(difference ?? "")")
            // The engine prints tables in table order; so do we, so that the two outputs diff line by line.
            if mode != nil {
                let engineOrder = memberNames(
                    try LenientJSON.parse(Data(contentsOf: Fixtures.realm("\(truth).\(suffix)"))))
                #expect(memberNames(ours) == engineOrder, "\(realm) \(suffix): classes out of the engine's order")
            }
        }
    }
}

/// `upstream/test_upgrade_database_4_10_to_11.realm` (format 10, from a test build with B+tree nodes of 4): links that
/// name object keys the engine does not find. realm2json aborts on it with `KeyNotFound` ("No object with key '4' in
/// 'table'", fixtures README); the export stops the same way, and its schema matches.
@Suite struct DanglingLinkFixtureTests {
    private let realm = "upstream/test_upgrade_database_4_10_to_11.realm"

    @Test func schemaMatchesAndObjectsStopAtTheFirstMissingTarget() throws {
        let file = try RealmFileReader(url: Fixtures.realm(realm))
        let destination = MemoryDestination()
        try SchemaJSONExporter.write(file, to: OutputBuffer(destination: destination))
        let schema = JSONValue(try LenientJSON.parse(destination.bytes))
        let difference = schema.firstDifference(
            from: try FixtureTruth.dump("current/test_upgrade_database_4_10_to_11", suffix: "schema.json"))
        #expect(difference == nil, "\(difference ?? "")")
        for mode in [EngineJSONExporter.Mode.json, .xjson, .xjsonPlus] {
            let exporter = EngineJSONExporter(
                source: file, mode: mode, output: OutputBuffer(destination: MemoryDestination()))
            #expect(throws: ExportError.missingLinkTarget(table: "table", key: 4, from: "origin", column: "link")) {
                try exporter.writeDocument()
            }
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

/// `--class`: one class alone, its links resolved without the target table being exported.
@Suite struct SingleClassExportTests {
    @Test(arguments: ["music.v24|Album", "music.v24|Playlist", "alltypes.v24|AllTypes", "clusters.v22|ClusterItem"])
    func oneClassMatchesItsPartOfTheEngineDocument(_ fixture: String) throws {
        let parts = fixture.split(separator: "|").map(String.init)
        let file = try RealmFileReader(url: Fixtures.realm("\(parts[0]).realm"))
        let truthBase = parts[0].hasSuffix("v24") ? parts[0] : "current/\(parts[0])"
        for (mode, suffix) in [(EngineJSONExporter.Mode.json, "json"), (.xjsonPlus, "xjsonplus")] {
            let destination = MemoryDestination()
            try EngineJSONExporter(source: file, mode: mode, output: OutputBuffer(destination: destination))
                .writeDocument(className: parts[1])
            let ours = JSONValue(try LenientJSON.parse(destination.bytes))
            guard case .object(let truthMembers) = try FixtureTruth.dump(truthBase, suffix: suffix),
                let truthClass = truthMembers[parts[1]]
            else {
                Issue.record("no \(parts[1]) in \(truthBase).\(suffix)")
                continue
            }
            let difference = ours.firstDifference(from: .object([parts[1]: truthClass]))
            #expect(difference == nil, "\(fixture) \(suffix): \(difference ?? "")")
        }
    }

    @Test func unknownClassIsAnError() throws {
        let file = try RealmFileReader(url: Fixtures.realm("music.v24.realm"))
        let exporter = EngineJSONExporter(
            source: file, mode: .json, output: OutputBuffer(destination: MemoryDestination()))
        #expect(throws: ExportError.unknownClass("Nope")) { try exporter.writeDocument(className: "Nope") }
    }
}

/// A destination that fails: the export stops with the destination's error instead of losing output silently.
@Suite struct OutputFailureTests {
    private final class FullDisk: ByteDestination {
        struct Full: Error {}
        func write(_ bytes: UnsafeRawBufferPointer) throws { throw Full() }
    }

    @Test func writeErrorsSurface() throws {
        let file = try RealmFileReader(url: Fixtures.realm("clusters.v24.realm"))
        let output = OutputBuffer(destination: FullDisk(), capacity: 4096)
        #expect(throws: (any Error).self) {
            try EngineJSONExporter(source: file, mode: .json, output: output).writeDocument()
        }
        #expect(output.failure is FullDisk.Full)
    }
}
