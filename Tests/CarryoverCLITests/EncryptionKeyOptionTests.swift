import Foundation
import TestSupport
import Testing

/// `--encryption-key HEX` on the `carryover realm …` commands, against the encrypted fixtures and their plain twins.
@Suite struct EncryptionKeyOptionTests {
    /// The fixtures' key (bytes 0x00 … 0x3F) as 128 hex digits.
    static let key = (0..<64).map { String(format: "%02x", $0) }.joined()
    static let encrypted = Fixtures.realm("music_encrypted.v24.realm").path
    static let plain = Fixtures.realm("music.v24.realm").path

    @Test(arguments: [["inspect", "--json"], ["schema"], ["digest"], ["export", "--format", "xjson-plus"]])
    func encryptedFilePrintsWhatItsPlainTwinPrints(_ command: [String]) async throws {
        let withKey = await InProcessCarryover.run(
            ["realm", command[0], Self.encrypted] + command.dropFirst() + ["--encryption-key", Self.key])
        let twin = await InProcessCarryover.run(["realm", command[0], Self.plain] + command.dropFirst())
        #expect(withKey.status == 0, "\(withKey.standardError)")
        #expect(twin.status == 0)
        #expect(!withKey.standardOutput.isEmpty)
        #expect(withKey.standardOutput == twin.standardOutput)
    }

    @Test func modelsFromAnEncryptedFileMatchTheTwin() async throws {
        let directory = try TemporaryDirectory()
        defer { directory.remove() }
        let fromEncrypted = directory.appending("encrypted")
        let fromPlain = directory.appending("plain")
        let first = await InProcessCarryover.run([
            "realm", "models", Self.encrypted, "--output", fromEncrypted.path, "--encryption-key", "0x" + Self.key,
        ])
        let second = await InProcessCarryover.run(["realm", "models", Self.plain, "--output", fromPlain.path])
        #expect(first.status == 0, "\(first.standardError)")
        #expect(second.status == 0)
        let names = try FileManager.default.contentsOfDirectory(atPath: fromPlain.path).sorted()
        #expect(!names.isEmpty)
        #expect(try FileManager.default.contentsOfDirectory(atPath: fromEncrypted.path).sorted() == names)
        for name in names {
            let ours = try Data(contentsOf: fromEncrypted.appendingPathComponent(name))
            #expect(ours == (try Data(contentsOf: fromPlain.appendingPathComponent(name))), "\(name)")
        }
    }

    @Test func migrateCopiesAnEncryptedFile() async throws {
        let directory = try TemporaryDirectory()
        defer { directory.remove() }
        let result = await InProcessCarryover.run([
            "realm", "migrate", Self.encrypted, "--to", directory.appending("music.sqlite").path, "--json",
            "--encryption-key", Self.key.uppercased(),
        ])
        #expect(result.status == 0, "\(result.standardError)")
        let json = try #require(
            try JSONSerialization.jsonObject(with: Data(result.standardOutput.utf8)) as? [String: Any])
        let verification = try #require(json["verification"] as? [String: Any])
        #expect(verification["passed"] as? Bool == true)
    }

    @Test func wrongKeyMissingKeyAndKeyForAPlainFileFail() async throws {
        let wrong = String(Self.key.reversed())
        let wrongKey = await InProcessCarryover.run(["realm", "inspect", Self.encrypted, "--encryption-key", wrong])
        #expect(wrongKey.status == 1)
        #expect(wrongKey.standardError.contains("wrong encryption key"))
        let noKey = await InProcessCarryover.run(["realm", "schema", Self.encrypted])
        #expect(noKey.status == 1)
        #expect(noKey.standardError.contains("the file is encrypted"))
        let plainWithKey = await InProcessCarryover.run(["realm", "digest", Self.plain, "--encryption-key", Self.key])
        #expect(plainWithKey.status == 1)
        #expect(plainWithKey.standardError.contains("the file is a plain Realm file"))
    }

    @Test func malformedKeysAreUsageErrors() async throws {
        let short = await InProcessCarryover.run(["realm", "inspect", Self.encrypted, "--encryption-key", "abcd"])
        #expect(short.status == 64)
        #expect(short.standardError.contains("must be 128 hexadecimal digits (a 64-byte key); got 4 digits"))
        let notHex = await InProcessCarryover.run([
            "realm", "export", Self.encrypted, "--encryption-key", "zz" + Self.key.dropFirst(2),
        ])
        #expect(notHex.status == 64)
        #expect(notHex.standardError.contains("found 'z' at position 1"))
        let directory = try TemporaryDirectory()
        defer { directory.remove() }
        let swiftInput = await InProcessCarryover.run([
            "realm", "models", Fixtures.packageRoot.appendingPathComponent("Tests/RealmModels").path, "--output",
            directory.url.path, "--encryption-key", Self.key,
        ])
        #expect(swiftInput.status == 64)
        #expect(swiftInput.standardError.contains("applies only to a .realm file input"))
    }
}
