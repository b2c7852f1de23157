import Foundation
import TestSupport
import Testing

/// Files of formats 2–9 go through `realm migrate` (SQLite, full verification against the file) and `realm models`
/// as newer files do, and are never written; the models of an old file are those of its realm-core 6.2.4 upgrade.
@Suite struct LegacyFormatCommandsTests {
    @Test(arguments: LegacyRealmFixtures.all.filter { $0.url.path.contains("realm-legacy") })
    func migrateCopiesAndVerifiesLeavingTheFileUnchanged(_ fixture: LegacyRealmFixtures.Entry) async throws {
        let directory = try TemporaryDirectory()
        defer { directory.remove() }
        let before = try Data(contentsOf: fixture.url)
        let result = await InProcessCarryover.run([
            "realm", "migrate", fixture.url.path, "--to", directory.appending("old.sqlite").path,
        ])
        #expect(result.status == 0, "\(result.standardError)")
        #expect(result.standardOutput.contains("Verification passed."))
        #expect(try Data(contentsOf: fixture.url) == before, "the Realm file was changed")
    }

    @Test func modelsOfAnOldFileEqualThoseOfItsUpgradedTwin() async throws {
        let fixture = try #require(
            LegacyRealmFixtures.all.first { $0.url.lastPathComponent == "legacy-alltypes.v9.realm" })
        var models: [String] = []
        for file in [fixture.url, fixture.twinURL] {
            let output = try TemporaryDirectory()
            defer { output.remove() }
            let result = await InProcessCarryover.run(["realm", "models", file.path, "--output", output.url.path])
            #expect(result.status == 0, "\(result.standardError)")
            models.append(try String(contentsOf: output.appending("Models.swift"), encoding: .utf8))
        }
        #expect(models[0].contains("@Model") && models[0] == models[1])
    }
}
