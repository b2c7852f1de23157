import Foundation
import TestSupport
import Testing

/// `carryover realm …` end to end: the built binary on the fixtures.
@Suite struct RealmCommandsTests {
    private let music = Fixtures.realm("music.v24.realm").path

    @Test func inspectPrintsFormatVersionClassesAndCounts() async throws {
        let result = await InProcessCarryover.run(["realm", "inspect", music])
        #expect(result.status == 0)
        #expect(result.standardOutput.contains("File format: 24"))
        #expect(result.standardOutput.contains("Schema version: 3"))
        #expect(result.standardOutput.contains("Track: 50 objects"))
        #expect(result.standardOutput.contains("Playlist: 3 objects"))
        #expect(result.standardOutput.contains("id: objectId  [primary key, indexed]"))
    }

    @Test func inspectJSONIsADocumentWithCounts() async throws {
        let result = await InProcessCarryover.run(["realm", "inspect", music, "--json"])
        #expect(result.status == 0)
        let document = try #require(
            try JSONSerialization.jsonObject(with: Data(result.standardOutput.utf8)) as? [String: Any])
        #expect(document["fileFormat"] as? Int == 24)
        #expect(document["schemaVersion"] as? Int == 3)
        let classes = try #require(document["classes"] as? [[String: Any]])
        let counts = Dictionary(
            uniqueKeysWithValues: classes.map { ($0["name"] as? String ?? "", $0["objectCount"] as? Int ?? -1) })
        #expect(counts == ["Album": 8, "Artist": 4, "Playlist": 3, "Track": 50])
    }

    @Test func exportWritesTheEngineDocumentToAFile() async throws {
        let directory = try TemporaryDirectory()
        defer { directory.remove() }
        let path = directory.appending("music.xjson").path
        let result = await InProcessCarryover.run(["realm", "export", music, "--format", "xjson", "--output", path])
        #expect(result.status == 0)
        #expect(result.standardOutput.isEmpty)
        let ours = try JSONSerialization.jsonObject(with: Data(contentsOf: URL(fileURLWithPath: path))) as? NSDictionary
        let truth =
            try JSONSerialization.jsonObject(with: Data(contentsOf: Fixtures.realm("music.v24.xjson")))
            as? NSDictionary
        #expect(ours != nil && ours == truth)
    }

    @Test func exportOneClassAsJSONLines() async throws {
        let result = await InProcessCarryover.run(["realm", "export", music, "--format", "jsonl", "--class", "Artist"])
        #expect(result.status == 0)
        let lines = result.standardOutput.split(separator: "\n")
        #expect(lines.count == 4)
        for line in lines {
            let object = try JSONSerialization.jsonObject(with: Data(line.utf8)) as? [String: Any]
            #expect(object?["class"] as? String == "Artist")
        }
        #expect(result.standardOutput.contains(#""id":{"$oid":"64b7f0a1c2d3e4f5a6b7c801"}"#))
    }

    @Test func schemaPrintsTheEngineSchema() async throws {
        let result = await InProcessCarryover.run(["realm", "schema", music])
        #expect(result.status == 0)
        let ours = try JSONSerialization.jsonObject(with: Data(result.standardOutput.utf8)) as? NSArray
        let truth =
            try JSONSerialization.jsonObject(with: Data(contentsOf: Fixtures.realm("music.v24.schema.json")))
            as? NSArray
        #expect(ours != nil && ours == truth)
    }

    @Test func digestPrintsCountsAndHashes() async throws {
        let result = await InProcessCarryover.run(["realm", "digest", Fixtures.realm("clusters.v24.realm").path])
        #expect(result.status == 0)
        let document = try JSONSerialization.jsonObject(with: Data(result.standardOutput.utf8)) as? [String: Any]
        let classes = document?["classes"] as? [String: Any]
        let item = classes?["ClusterItem"] as? [String: Any]
        #expect(item?["count"] as? Int == 4286)
        // ids 1…5000 without the multiples of 7: 12502500 − 7·(714·715/2).
        let id = (item?["columns"] as? [String: Any])?["id"] as? [String: Any]
        #expect(id?["sum"] as? String == "10715715")
    }

    @Test func unknownClassAndFormatAreReported() async throws {
        let unknownClass = await InProcessCarryover.run(["realm", "export", music, "--class", "Nope"])
        #expect(unknownClass.status == 1)
        #expect(unknownClass.standardError.contains("The file has no class named 'Nope'."))
        let badFormat = await InProcessCarryover.run(["realm", "export", music, "--format", "yaml"])
        #expect(badFormat.status == 64)
        #expect(badFormat.standardError.contains("'yaml' is not a valid value for '--format'"))
    }

    @Test func formatOneGivesTheUnsupportedFormatError() async throws {
        let directory = try TemporaryDirectory("format-one")
        defer { directory.remove() }
        var data = try Data(contentsOf: Fixtures.realm("upstream/test_upgrade_database_1000_1.realm"))
        data[20] = 1
        data[21] = 1
        let formatOne = directory.appending("format1.realm")
        try data.write(to: formatOne)
        let result = await InProcessCarryover.run(["realm", "export", formatOne.path])
        #expect(result.status == 1)
        #expect(result.standardError.contains("unsupported file format 1"))
        #expect(result.standardOutput.isEmpty)
    }

    @Test func formatTwoExportsAsTheEngineUpgradesIt() async throws {
        // realm-core's format-2 test file and the copy realm-core 5 and 6 upgraded to format 11 (LegacyRealmFixtures).
        let formatTwo = Fixtures.realm("upstream/test_upgrade_database_1000_1.realm").path
        let twin = LegacyRealmFixtures.directory.appendingPathComponent(
            "realm-core__test_upgrade_database_1000_1.v11.realm"
        ).path
        let old = await InProcessCarryover.run(["realm", "export", formatTwo])
        let upgraded = await InProcessCarryover.run(["realm", "export", twin])
        #expect(old.status == 0)
        #expect(!old.standardOutput.isEmpty)
        #expect(old.standardOutput == upgraded.standardOutput)
    }

    @Test func encryptedFilesExportWithTheirKey() async throws {
        let encrypted = Fixtures.realm("music_encrypted.v24.realm").path
        let key = (0..<64).map { String(format: "%02x", $0) }.joined()
        let result = await InProcessCarryover.run(["realm", "schema", encrypted, "--encryption-key", key])
        #expect(result.status == 0)
        let ours = try JSONSerialization.jsonObject(with: Data(result.standardOutput.utf8)) as? NSArray
        let truth =
            try JSONSerialization.jsonObject(with: Data(contentsOf: Fixtures.realm("music.v24.schema.json")))
            as? NSArray
        #expect(ours != nil && ours == truth)
        let withoutKey = await InProcessCarryover.run(["realm", "export", encrypted])
        #expect(withoutKey.status == 1)
        #expect(withoutKey.standardError.contains("ncrypt"))
    }

    @Test func helpExplainsTheCompatibilityQuirks() async throws {
        let result = await InProcessCarryover.run(["realm", "export", "--help"])
        #expect(result.status == 0)
        #expect(result.standardOutput.contains("nan, inf and -inf"))
        #expect(result.standardOutput.contains("raw bytes"))
    }
}

/// A full disk is reported, not ignored; and `--output` writes into a device in place instead of replacing it.
@Suite struct RealmExportWriteFailureTests {
    @Test(.enabled(if: FileManager.default.fileExists(atPath: "/dev/full"), "needs /dev/full"))
    func fullDeviceFailsTheExportAndStaysADevice() async throws {
        let result = await InProcessCarryover.run([
            "realm", "export", Fixtures.realm("clusters.v24.realm").path, "--output", "/dev/full",
        ])
        #expect(result.status == 1)
        #expect(result.standardError.contains("Writing the export failed"))
        let type = try FileManager.default.attributesOfItem(atPath: "/dev/full")[.type] as? FileAttributeType
        #expect(type == .typeCharacterSpecial)
    }
}
