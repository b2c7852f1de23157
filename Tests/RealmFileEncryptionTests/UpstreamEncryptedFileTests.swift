import Foundation
import TestSupport
import Testing

@testable import RealmFile

/// realm-core's own encrypted test files (`test/test_shared_decrypt_{4k,64k}_page.realm` at v20.1.5, written by
/// core 4 in file format 9), from the shared fixtures' `realm/upstream/` folder: decrypted, and read (format 9).
@Suite struct UpstreamEncryptedFileTests {
    /// The key realm-core's tests use for these files (realm-file-format.md §8).
    static let key = Data("1234567890123456789012345678901123456789012345678901234567890123".utf8)

    @Test(arguments: ["test_shared_decrypt_4k_page.realm", "test_shared_decrypt_64k_page.realm"])
    func opensWithTheTestSuitesKey(name: String) throws {
        let url = EncryptedFixture.upstream(name)
        let loader = try EncryptedPageLoader(url: url, key: Self.key)
        try loader.decrypt(offset: 0, count: loader.logicalSize)
        #expect(Array(loader.bytes[16..<20]) == Array("T-DB".utf8))
        #expect(loader.bytes[20 + Int(loader.bytes[23] & 1)] == 9)
    }

    @Test(arguments: [("test_shared_decrypt_4k_page.realm", 4096), ("test_shared_decrypt_64k_page.realm", 65536)])
    func formatNineContentReads(name: String, pageSize: Int) throws {
        // realm-core's Shared_DecryptExisting (test_shared.cpp at v14.14.0) wrote one object to table "table" whose
        // "string" is 1.5 pages of "a", and checks exactly that after opening the file.
        let realm = try RealmFileReader(url: EncryptedFixture.upstream(name), encryptionKey: Self.key)
        #expect(realm.fileFormat == 9)
        let table = try #require(realm.table(named: "table"))
        var cursor = realm.objects(in: table)
        let object = try #require(try cursor.next())
        #expect(object.values == [.string(String(repeating: "a", count: pageSize * 3 / 2))])
        #expect(try cursor.next() == nil)
    }

    @Test func theSuitesOtherKeySharesOnlyTheMACHalf() throws {
        // The suite's `crypt_key()`, "\0" + "123…123" (63 digits): the same last 32 bytes, so pages authenticate,
        // but AES decrypts to noise.
        let url = EncryptedFixture.upstream("test_shared_decrypt_4k_page.realm")
        let otherKey =
            Data([0])
            + Data(
                ("1234567890" + "1234567890" + "1234567890" + "1234567890" + "1234567890"
                    + "1234567890" + "123").utf8)
        #expect(otherKey.suffix(32) == Self.key.suffix(32))
        #expect(throws: RealmEncryptionError.wrongEncryptionKey) { try EncryptedPageLoader(url: url, key: otherKey) }
    }
}
