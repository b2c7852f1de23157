import Foundation
import TestSupport
import Testing

@testable import RealmFile

@Suite struct EncryptedPageLoaderTests {
    @Test(arguments: EncryptedFixture.musicFormats)
    func firstPageDecryptsToTheRealmHeader(format: Int) throws {
        let loader = try EncryptedPageLoader(url: EncryptedFixture.music(format: format), key: EncryptedFixture.key)
        try loader.decrypt(offset: 0, count: 24)
        let header = Array(loader.bytes[16..<24])
        // Fixtures README: decrypted, each reads `T-DB`, format, format, 0, 0x01.
        #expect(header == Array("T-DB".utf8) + [UInt8(format), UInt8(format), 0, 1])
        #expect(loader.loadedPageCount == 1)
    }

    @Test(arguments: EncryptedFixture.musicFormats)
    func wholeFileDecryptsToAStructurallySoundRealm(format: Int) throws {
        let url = EncryptedFixture.music(format: format)
        let loader = try EncryptedPageLoader(url: url, key: EncryptedFixture.key)
        let fileSize = try #require(try FileManager.default.attributesOfItem(atPath: url.path)[.size] as? Int)
        // One IV-table page per 64 data pages (realm-file-format.md §8); these files have fewer than 64.
        #expect(loader.logicalSize == fileSize - 4096)
        try loader.decrypt(offset: 0, count: loader.logicalSize)
        #expect(loader.loadedPageCount == loader.logicalSize / 4096)

        let bytes = loader.bytes
        let slot = Int(bytes[23] & 1)
        let topRef = Int(EncryptedFixture.integer(bytes, at: 8 * slot))
        #expect(topRef > 24 && topRef % 8 == 0 && topRef + 8 <= loader.logicalSize)
        #expect(Array(bytes[topRef..<(topRef + 4)]) == Array("AAAA".utf8))
        #expect(bytes[topRef + 4] & 0x40 != 0)  // has refs
        // Group top: slot 0 (table names) and slot 1 (tables) are refs to nodes; slot 2 is the tagged logical size.
        let width = (1 << Int(bytes[topRef + 4] & 7)) >> 1
        #expect(width == 64 || width == 32 || width == 16)
        let element = { (index: Int) in
            Int(EncryptedFixture.integer(bytes, at: topRef + 8 + index * width / 8, width: width / 8))
        }
        for index in 0..<2 {
            let ref = element(index)
            #expect(ref % 8 == 0 && ref >= 24 && ref + 8 <= loader.logicalSize)
            #expect(Array(bytes[ref..<(ref + 4)]) == Array("AAAA".utf8))
        }
        let taggedSize = element(2)
        #expect(taggedSize & 1 == 1 && taggedSize >> 1 <= loader.logicalSize)
        let text = Data(bytes)
        for name in ["class_Album", "class_Artist", "class_Playlist", "class_Track", "metadata"] {
            #expect(text.range(of: Data(name.utf8)) != nil, "table name \(name)")
        }
    }

    @Test func neverWrittenPagesReadAsZeros() throws {
        // music_encrypted.v24.realm: IV entries of data pages 0–2 are written, page 3's entry is all zero.
        let loader = try EncryptedPageLoader(url: EncryptedFixture.music(format: 24), key: EncryptedFixture.key)
        try loader.decrypt(offset: 3 * 4096, count: 4096)
        #expect(loader.bytes[(3 * 4096)..<(4 * 4096)].allSatisfy { $0 == 0 })
    }

    @Test func pagesLoadOnlyWhenAsked() throws {
        let loader = try EncryptedPageLoader(
            url: Fixtures.realm("medium_encrypted.v24.realm"), key: EncryptedFixture.key)
        #expect(loader.logicalSize == 11_010_048)  // medium.v24.realm, the same content unencrypted, is this long
        #expect(loader.loadedPageCount == 1)
        try loader.decrypt(offset: 5 * 4096 + 10, count: 8)
        #expect(loader.loadedPageCount == 2)
        try loader.decrypt(offset: 70 * 4096 - 4, count: 8)  // straddles pages 69 and 70
        #expect(loader.loadedPageCount == 4)
        try loader.decrypt(offset: 5 * 4096, count: 4096)
        #expect(loader.loadedPageCount == 4)
    }

    @Test func mediumFileDecryptsWholeAndAgreesAcrossThreads() async throws {
        let url = Fixtures.realm("medium_encrypted.v24.realm")
        let reference = try EncryptedPageLoader(url: url, key: EncryptedFixture.key)
        try reference.decrypt(offset: 0, count: reference.logicalSize)
        let bytes = reference.bytes
        #expect(Array(bytes[16..<20]) == Array("T-DB".utf8))
        #expect(bytes[20 + Int(bytes[23] & 1)] == 24)
        let topRef = Int(EncryptedFixture.integer(bytes, at: 8 * Int(bytes[23] & 1)))
        #expect(topRef % 8 == 0 && topRef + 8 <= reference.logicalSize)
        #expect(Array(bytes[topRef..<(topRef + 4)]) == Array("AAAA".utf8))

        // Eight tasks load interleaved, overlapping ranges of one loader; the result must equal the reference.
        let shared = try EncryptedPageLoader(url: url, key: EncryptedFixture.key)
        let pageCount = shared.logicalSize / 4096
        try await withThrowingTaskGroup(of: Void.self) { group in
            for worker in 0..<8 {
                group.addTask {
                    var page = worker
                    while page < pageCount {
                        try shared.decrypt(offset: page * 4096, count: min(3, pageCount - page) * 4096)
                        page += 5
                    }
                }
            }
            try await group.waitForAll()
        }
        #expect(shared.loadedPageCount == pageCount)
        #expect(shared.bytes.elementsEqual(reference.bytes))
    }

    @Test func readsOutsideTheLogicalFileAreRejected() throws {
        let loader = try EncryptedPageLoader(url: EncryptedFixture.music(format: 24), key: EncryptedFixture.key)
        let size = loader.logicalSize
        #expect(throws: RealmEncryptionError.outOfBounds(offset: size - 4, count: 8, logicalSize: size)) {
            try loader.decrypt(offset: size - 4, count: 8)
        }
        #expect(throws: RealmEncryptionError.outOfBounds(offset: -8, count: 8, logicalSize: size)) {
            try loader.decrypt(offset: -8, count: 8)
        }
        #expect(throws: RealmEncryptionError.outOfBounds(offset: Int.max, count: 2, logicalSize: size)) {
            try loader.decrypt(offset: Int.max, count: 2)
        }
    }
}
