import Foundation
import TestSupport
import Testing

@Suite struct MigrateCommandTests {
    @Test func helpDescribesTheCommandAndExitsZero() async throws {
        let result = await InProcessCarryover.run(["realm", "migrate", "--help"])
        #expect(result.status == 0)
        #expect(
            result.standardOutput.contains(
                "USAGE: carryover realm migrate FILE.realm --to OUT.sqlite [--batch-size N] [--resume] [--verify LEVEL] [--json]"
            ))
    }

    @Test func missingDestinationOrBadLevelIsAUsageError() async throws {
        let music = Fixtures.realm("music.v24.realm").path
        let missing = await InProcessCarryover.run(["realm", "migrate", music])
        #expect(missing.status == 64)
        #expect(missing.standardError.contains("Missing expected option '--to'."))
        let badLevel = await InProcessCarryover.run([
            "realm", "migrate", music, "--to", "/tmp/x.sqlite", "--verify", "some",
        ])
        #expect(badLevel.status == 64)
        #expect(badLevel.standardError.contains("'some' is not a valid value for '--verify'"))
    }

    @Test func migratesMusicAndPrintsAPassingJSONReport() async throws {
        let directory = try TemporaryDirectory()
        defer { directory.remove() }
        let out = directory.appending("music.sqlite").path
        let result = await InProcessCarryover.run([
            "realm", "migrate", Fixtures.realm("music.v24.realm").path, "--to", out, "--json",
        ])
        #expect(result.status == 0, "\(result.standardError)")
        let json = try #require(
            try JSONSerialization.jsonObject(with: Data(result.standardOutput.utf8)) as? [String: Any])
        let verification = try #require(json["verification"] as? [String: Any])
        #expect(verification["passed"] as? Bool == true)
        let classes = try #require(verification["classes"] as? [[String: Any]])
        #expect(classes.map { $0["name"] as? String } == ["Album", "Artist", "Playlist", "Track"])
        #expect(classes.map { $0["destinationCount"] as? Int } == [8, 4, 3, 50])
        #expect(try sqliteShell(out, "SELECT title FROM Track WHERE id = 'track-01'") == "Broken Echo\n")
    }

    @Test func unfinishedDestinationNeedsResumeAndAnotherSourceIsRefused() async throws {
        let directory = try TemporaryDirectory()
        defer { directory.remove() }
        let out = directory.appending("out.sqlite").path
        // A corrupt copy of medium stops part-way with a located error, leaving committed batches behind.
        let corrupt = directory.appending("corrupt.realm")
        try writeDamagedCopy(of: "medium.v24.realm", to: corrupt) { data in
            data.replaceSubrange(5_000_000..<5_004_096, with: [UInt8](repeating: 0xA5, count: 4096))
        }
        let failed = await InProcessCarryover.run([
            "realm", "migrate", corrupt.path, "--to", out, "--batch-size", "1000",
        ])
        #expect(failed.status == 1)
        #expect(failed.standardError.contains("table \"class_Track\""))
        #expect(failed.standardError.contains("byte offset"))
        let stopped = try sqliteShell(
            out, "SELECT phase, class_name, class_objects_done, batches_committed FROM _carryover_checkpoint")
        #expect(stopped.hasPrefix("0|Track|"))
        #expect(try sqliteShell(out, "PRAGMA integrity_check") == "ok\n")
        // Exactly the objects of the committed batches are there: no partial batch.
        #expect(
            try sqliteShell(out, "SELECT count(*) FROM Track").trimmingCharacters(in: .whitespacesAndNewlines)
                == stopped.split(separator: "|")[2].description)

        let withoutResume = await InProcessCarryover.run(["realm", "migrate", corrupt.path, "--to", out])
        #expect(withoutResume.status == 1)
        #expect(withoutResume.standardError.contains("holds an unfinished migration; pass --resume"))
        let again = await InProcessCarryover.run([
            "realm", "migrate", corrupt.path, "--to", out, "--resume", "--batch-size", "1000",
        ])
        #expect(again.status == 1)
        #expect(
            try sqliteShell(
                out, "SELECT phase, class_name, class_objects_done, batches_committed FROM _carryover_checkpoint")
                == stopped)

        let other = await InProcessCarryover.run([
            "realm", "migrate", Fixtures.realm("medium.v24.realm").path, "--to", out, "--resume",
        ])
        #expect(other.status == 1)
        #expect(other.standardError.contains("was written from another source"))
        #expect(
            try sqliteShell(
                out, "SELECT phase, class_name, class_objects_done, batches_committed FROM _carryover_checkpoint")
                == stopped)
    }

    @Test func encryptedSourceMigratesWithItsKey() async throws {
        let directory = try TemporaryDirectory()
        defer { directory.remove() }
        let encrypted = Fixtures.realm("music_encrypted.v24.realm").path
        let out = directory.appending("music.sqlite").path
        let withoutKey = await InProcessCarryover.run(["realm", "migrate", encrypted, "--to", out])
        #expect(withoutKey.status == 1)
        #expect(withoutKey.standardError.contains("encrypted"))
        let key = (0..<64).map { String(format: "%02x", $0) }.joined()
        let withKey = await InProcessCarryover.run([
            "realm", "migrate", encrypted, "--to", out, "--encryption-key", key,
        ])
        #expect(withKey.status == 0, "\(withKey.standardError)")
        #expect(withKey.standardOutput.contains("Verification passed."))
        #expect(try sqliteShell(out, "SELECT count(*) FROM Track") == "50\n")
    }

    @Test func truncatedSourceFailsBeforeTouchingTheDestination() async throws {
        let directory = try TemporaryDirectory()
        defer { directory.remove() }
        let truncated = directory.appending("truncated.realm")
        try writeDamagedCopy(of: "music.v24.realm", to: truncated) { $0 = $0.prefix(5000) }
        let out = directory.appending("out.sqlite")
        let result = await InProcessCarryover.run(["realm", "migrate", truncated.path, "--to", out.path])
        #expect(result.status == 1)
        #expect(result.standardError.hasPrefix("Error: "))
        #expect(result.standardError.contains("byte offset"))
        #expect(!FileManager.default.fileExists(atPath: out.path))
    }
}
