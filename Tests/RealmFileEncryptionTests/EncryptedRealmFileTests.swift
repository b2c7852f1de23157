import Foundation
import TestSupport
import Testing

@testable import RealmFile

/// `RealmFileReader(url:encryptionKey:)` end to end: the reader, fed by the page loader, on the encrypted fixtures.
@Suite struct EncryptedRealmFileTests {
    static let readableFormats = [11, 20, 22, 23, 24]

    @Test(arguments: readableFormats)
    func encryptedFileReadsLikeItsPlainTwin(format: Int) throws {
        let encrypted = try RealmFileReader(
            url: EncryptedFixture.music(format: format), encryptionKey: EncryptedFixture.key)
        let plain = try RealmFileReader(url: Fixtures.realm("music.v\(format).realm"))
        #expect(encrypted.fileFormat == format)
        #expect(encrypted.tables == plain.tables)
        #expect(encrypted.schema == plain.schema)
        for table in encrypted.tables {
            let twin = try #require(plain.table(named: table.name))
            #expect(try objects(of: table, in: encrypted) == objects(of: twin, in: plain), "table \(table.name)")
        }
    }

    @Test(arguments: readableFormats)
    func encryptedFileHoldsTheTruthsObjects(format: Int) throws {
        // The engine's dump of the unencrypted twin (fixtures README: encrypted fixtures have the same content).
        let truthName = format == 24 ? "music.v24.json" : "current/music.v\(format).json"
        let truth = try #require(
            try JSONSerialization.jsonObject(with: Data(contentsOf: Fixtures.realm(truthName))) as? [String: Any])
        let realm = try RealmFileReader(
            url: EncryptedFixture.music(format: format), encryptionKey: EncryptedFixture.key)
        #expect(realm.schema.version == 3)
        for className in ["Album", "Artist", "Playlist", "Track"] {
            let expected = try #require(truth[className] as? [[String: Any]])
            let table = try #require(realm.table(named: className))
            let read = try objects(of: table, in: realm)
            #expect(read.count == expected.count, "\(className) count")
            for (object, truthObject) in zip(read, expected) {
                for field in ["id", "title", "name"] {
                    guard let truthValue = truthObject[field] as? String,
                        let column = table.columns.firstIndex(where: { $0.name == field })
                    else { continue }
                    #expect(text(object.values[column]) == truthValue, "\(className).\(field)")
                }
            }
        }
    }

    @Test func readerDecryptsOnlyThePagesItReaches() throws {
        let storage = try EncryptedFileStorage(
            url: Fixtures.realm("medium_encrypted.v24.realm"), key: EncryptedFixture.key)
        let realm = try RealmFileReader(storage: storage)
        // Opening reads the header, the group and every table's spec: a small part of the 2 688 pages.
        let afterOpening = storage.decryptedPageCount
        #expect(realm.table(named: "Track")?.objectCount == 100_000)
        #expect(afterOpening * 20 < storage.totalPageCount, "\(afterOpening) pages decrypted to open")
        let albums = try #require(realm.table(named: "Album"))
        var cursor = realm.objects(in: albums)
        let firstAlbum = try #require(try cursor.next())
        #expect(firstAlbum.values.isEmpty == false)
        #expect(storage.decryptedPageCount < storage.totalPageCount / 2)
        for table in realm.tables { _ = try objects(of: table, in: realm) }
        // A full pass decrypts more (and releases some of it again on the way, see DecryptedPageReleaseTests).
        #expect(storage.decryptedPageCount + storage.releasedPageCount > afterOpening)
    }

    @Test func wrongKeyThroughTheReader() throws {
        var key = EncryptedFixture.key
        key[40] ^= 0x01
        #expect(throws: RealmFileError(.encryption(.wrongEncryptionKey), context: "encrypted file")) {
            try RealmFileReader(url: EncryptedFixture.music(format: 22), encryptionKey: key)
        }
    }

    @Test func encryptedFileWithoutKeyAndPlainFileWithKey() throws {
        #expect {
            try RealmFileReader(url: EncryptedFixture.music(format: 24), encryptionKey: nil)
        } throws: { error in
            (error as? RealmFileError)?.kind == .encrypted
        }
        #expect(throws: RealmFileError(.encryption(.fileIsNotEncrypted), context: "encrypted file")) {
            try RealmFileReader(url: Fixtures.realm("music.v24.realm"), encryptionKey: EncryptedFixture.key)
        }
        // A plain file still opens through the same initialiser without a key.
        #expect(try RealmFileReader(url: Fixtures.realm("music.v24.realm"), encryptionKey: nil).fileFormat == 24)
    }

    @Test func pageSizedFileWithoutAnIVTableIsNotCalledEncrypted() throws {
        let directory = try TemporaryDirectory()
        defer { directory.remove() }
        let url = directory.appending("zeros.realm")
        try Data(count: 8192).write(to: url)
        #expect {
            try RealmFileReader(url: url, encryptionKey: nil)
        } throws: { error in
            (error as? RealmFileError)?.kind == .badHeader
        }
    }

    @Test func damagedPageSurfacesAsAReaderError() throws {
        let directory = try TemporaryDirectory()
        defer { directory.remove() }
        // Page 2 of music_encrypted.v24 holds objects; damage it and read everything.
        let url = try EncryptedFixture.alteredCopy(of: "music_encrypted.v24.realm", in: directory) {
            $0[3 * 4096 + 2000] ^= 0x01
        }
        let failure = RealmFileError.Kind.encryption(
            .pageAuthenticationFailed(page: 2, pageFileOffset: 3 * 4096, entryFileOffset: 128))
        #expect {
            let realm = try RealmFileReader(url: url, encryptionKey: EncryptedFixture.key)
            for table in realm.tables { _ = try objects(of: table, in: realm) }
        } throws: { error in
            (error as? RealmFileError)?.kind == failure && (error as? RealmFileError)?.offset == 2 * 4096
        }
    }

    @Test func fileCutAtAPageBoundaryIsReportedByTheReader() throws {
        let directory = try TemporaryDirectory()
        defer { directory.remove() }
        let url = try EncryptedFixture.alteredCopy(of: "music_encrypted.v24.realm", in: directory) {
            $0 = $0.prefix(3 * 4096)
        }
        #expect(throws: RealmFileError.self) {
            let realm = try RealmFileReader(url: url, encryptionKey: EncryptedFixture.key)
            for table in realm.tables { _ = try objects(of: table, in: realm) }
        }
    }

    private func objects(of table: StoredTable, in realm: RealmFileReader) throws -> [StoredObject] {
        var cursor = realm.objects(in: table)
        var objects: [StoredObject] = []
        while let object = try cursor.next() { objects.append(object) }
        return objects
    }

    private func text(_ value: StoredValue) -> String? {
        switch value {
        case .string(let string): string
        case .objectId(let id): id.description
        case .uuid(let uuid): uuid.uuidString.lowercased()
        default: nil
        }
    }
}
