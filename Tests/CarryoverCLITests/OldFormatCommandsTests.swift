import Foundation
import TestSupport
import Testing

/// Formats 10 and 11 (realm-core 6) go through every `carryover realm` command as later formats do. `clusters` holds
/// the same objects in every format (fixtures README), so its format-11 file must give what its format-24 file gives.
@Suite struct OldFormatCommandsTests {
    private let formatEleven = Fixtures.realm("clusters.v11.realm").path
    private let formatTwentyFour = Fixtures.realm("clusters.v24.realm").path

    @Test func inspectShowsTheFormatClassesAndCounts() async throws {
        let eleven = await InProcessCarryover.run(["realm", "inspect", Fixtures.realm("music.v11.realm").path])
        #expect(eleven.status == 0, "\(eleven.standardError)")
        #expect(eleven.standardOutput.contains("File format: 11"))
        #expect(eleven.standardOutput.contains("Schema version: 3"))
        #expect(eleven.standardOutput.contains("Track: 50 objects"))
        #expect(eleven.standardOutput.contains("id: string  [primary key, indexed]"))
        let ten = await InProcessCarryover.run([
            "realm", "inspect", Fixtures.realm("wild/realm-java__6.0.0-beta.2-alltypes.realm").path,
        ])
        #expect(ten.status == 0, "\(ten.standardError)")
        #expect(ten.standardOutput.contains("File format: 10"))
    }

    @Test func digestEqualsTheSameDataInFormatTwentyFour() async throws {
        let eleven = await InProcessCarryover.run(["realm", "digest", formatEleven])
        let twentyFour = await InProcessCarryover.run(["realm", "digest", formatTwentyFour])
        #expect(eleven.status == 0 && twentyFour.status == 0, "\(eleven.standardError)")
        // The digest names the file format; every other line is the same.
        #expect(eleven.standardOutput.contains(#""file_format" : 11"#))
        let sameFormat = eleven.standardOutput.replacingOccurrences(
            of: #""file_format" : 11"#, with: #""file_format" : 24"#)
        #expect(sameFormat == twentyFour.standardOutput)
    }

    @Test func modelsEqualTheSameSchemaInFormatTwentyFour() async throws {
        var models: [String] = []
        for file in [formatEleven, formatTwentyFour] {
            let output = try TemporaryDirectory()
            defer { output.remove() }
            let result = await InProcessCarryover.run(["realm", "models", file, "--output", output.url.path])
            #expect(result.status == 0, "\(result.standardError)")
            models.append(try String(contentsOf: output.appending("Models.swift"), encoding: .utf8))
        }
        #expect(models[0].contains("class ClusterItem"))
        #expect(models[0] == models[1])
    }

    @Test func migrateCopiesAndVerifiesAnEncryptedFormatElevenFile() async throws {
        let directory = try TemporaryDirectory()
        defer { directory.remove() }
        let key = (0..<64).map { String(format: "%02x", $0) }.joined()
        let result = await InProcessCarryover.run([
            "realm", "migrate", Fixtures.realm("music_encrypted.v11.realm").path, "--to",
            directory.appending("music.sqlite").path, "--encryption-key", key,
        ])
        #expect(result.status == 0, "\(result.standardError)")
        #expect(result.standardOutput.contains("Verification passed."))
    }
}
