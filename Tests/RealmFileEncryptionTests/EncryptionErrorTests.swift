import Foundation
import TestSupport
import Testing

@testable import RealmFile

@Suite struct EncryptionErrorTests {
    private static let file = "music_encrypted.v24.realm"

    private func open(_ url: URL, key: Data = EncryptedFixture.key) throws -> EncryptedPageLoader {
        try EncryptedPageLoader(url: url, key: key)
    }

    @Test func wrongKeyIsReportedAsSuch() throws {
        var key = EncryptedFixture.key
        key[63] ^= 0x01
        #expect(throws: RealmEncryptionError.wrongEncryptionKey) {
            try open(EncryptedFixture.music(format: 24), key: key)
        }
        #expect(throws: RealmEncryptionError.wrongEncryptionKey) {
            try open(EncryptedFixture.music(format: 20), key: Data(repeating: 0, count: 64))
        }
    }

    @Test func rightMACKeyWithWrongAESKeyIsAWrongKey() throws {
        // Bytes 32–63 (the HMAC key) are right, so every page authenticates; AES with the wrong first half
        // decrypts page 0 to noise instead of a "T-DB" header.
        var key = EncryptedFixture.key
        key[0] ^= 0xFF
        #expect(throws: RealmEncryptionError.wrongEncryptionKey) {
            try open(EncryptedFixture.music(format: 23), key: key)
        }
    }

    @Test func keysMustBe64Bytes() throws {
        #expect(throws: RealmEncryptionError.invalidKeyLength(32)) {
            try open(EncryptedFixture.music(format: 24), key: EncryptedFixture.key.prefix(32))
        }
    }

    @Test func plainFileOpenedWithAKey() throws {
        #expect(throws: RealmEncryptionError.fileIsNotEncrypted) { try open(Fixtures.realm("music.v24.realm")) }
    }

    @Test func encryptedFilesAreRecognisedWithoutTheKey() throws {
        for format in EncryptedFixture.musicFormats {
            let bytes = try [UInt8](Data(contentsOf: EncryptedFixture.music(format: format)))
            #expect(EncryptedFileLayout.looksEncrypted(fileSize: bytes.count, prefix: Array(bytes.prefix(64))))
            let plain = try [UInt8](Data(contentsOf: Fixtures.realm("music.v\(format).realm")))
            #expect(!EncryptedFileLayout.looksEncrypted(fileSize: plain.count, prefix: Array(plain.prefix(64))))
        }
    }

    @Test func fileCutInsideAPageIsTruncated() throws {
        let directory = try TemporaryDirectory()
        defer { directory.remove() }
        let cut = try EncryptedFixture.alteredCopy(of: Self.file, in: directory) { $0 = $0.prefix(20480 - 1000) }
        #expect(throws: RealmEncryptionError.truncatedFile(size: 19480)) { try open(cut) }
        let tiny = try EncryptedFixture.alteredCopy(of: Self.file, in: directory) { $0 = $0.prefix(4096) }
        #expect(throws: RealmEncryptionError.truncatedFile(size: 4096)) { try open(tiny) }
    }

    @Test func fileCutAtAPageBoundaryLosesItsLastPages() throws {
        let directory = try TemporaryDirectory()
        defer { directory.remove() }
        let cut = try EncryptedFixture.alteredCopy(of: Self.file, in: directory) { $0 = $0.prefix(12288) }
        let loader = try open(cut)
        #expect(loader.logicalSize == 8192)
        #expect(throws: RealmEncryptionError.outOfBounds(offset: 8192, count: 8, logicalSize: 8192)) {
            try loader.decrypt(offset: 8192, count: 8)
        }
    }

    @Test func flippedIVCounterIsADamagedIVTable() throws {
        let directory = try TemporaryDirectory()
        defer { directory.remove() }
        // Page 0's entry is at file offset 0: iv1 = 17, iv2 = 16 in this file.
        let url = try EncryptedFixture.alteredCopy(of: Self.file, in: directory) { $0[0] ^= 0x40 }
        #expect(
            throws: RealmEncryptionError.invalidIVTableEntry(
                page: 0, entryFileOffset: 0, problem: .countersOutOfStep(iv1: 17 ^ 0x40, iv2: 16))
        ) { try open(url) }
        // Page 1's iv2 field (entry at 64, iv2 at +32): found when page 1 is loaded.
        let second = try EncryptedFixture.alteredCopy(of: Self.file, in: directory) { $0[64 + 32] ^= 0x01 }
        let loader = try open(second)
        #expect(
            throws: RealmEncryptionError.invalidIVTableEntry(
                page: 1, entryFileOffset: 64, problem: .countersOutOfStep(iv1: 5, iv2: 5))
        ) { try loader.decrypt(offset: 4096, count: 8) }
    }

    @Test func flippedMACInTheIVTableFailsAuthentication() throws {
        let directory = try TemporaryDirectory()
        defer { directory.remove() }
        let url = try EncryptedFixture.alteredCopy(of: Self.file, in: directory) { $0[64 + 4 + 10] ^= 0x80 }
        let loader = try open(url)
        #expect(
            throws: RealmEncryptionError.pageAuthenticationFailed(page: 1, pageFileOffset: 8192, entryFileOffset: 64)
        ) { try loader.decrypt(offset: 4096 + 100, count: 16) }
        // Other pages still load; the damaged one keeps failing.
        try loader.decrypt(offset: 2 * 4096, count: 4096)
        #expect(throws: RealmEncryptionError.self) { try loader.decrypt(offset: 4096, count: 8) }
    }

    @Test func flippedByteInADataPageFailsAuthentication() throws {
        let directory = try TemporaryDirectory()
        defer { directory.remove() }
        let url = try EncryptedFixture.alteredCopy(of: Self.file, in: directory) { $0[3 * 4096 + 777] ^= 0x04 }
        let loader = try open(url)
        #expect(
            throws: RealmEncryptionError.pageAuthenticationFailed(
                page: 2, pageFileOffset: 3 * 4096, entryFileOffset: 128)
        ) { try loader.decrypt(offset: 0, count: loader.logicalSize) }
    }

    @Test func damagedHeaderPageIsNotMistakenForAWrongKey() throws {
        let directory = try TemporaryDirectory()
        defer { directory.remove() }
        let url = try EncryptedFixture.alteredCopy(of: Self.file, in: directory) { $0[4096 + 9] ^= 0x10 }
        #expect(
            throws: RealmEncryptionError.pageAuthenticationFailed(page: 0, pageFileOffset: 4096, entryFileOffset: 0)
        ) { try open(url) }
    }

    @Test func interruptedRewriteFallsBackToTheBackupIV() throws {
        let reference = try open(EncryptedFixture.music(format: 24))
        try reference.decrypt(offset: 4096, count: 4096)
        let directory = try TemporaryDirectory()
        defer { directory.remove() }
        // What the engine leaves when it dies between writing page 1's new IV-table entry and the page itself:
        // the old iv1/hmac1 moved to iv2/hmac2, a bumped iv1 and an hmac1 that matches no data on disk.
        let url = try EncryptedFixture.alteredCopy(of: Self.file, in: directory) { bytes in
            let entry = 64
            bytes.replaceSubrange((entry + 32)..<(entry + 64), with: bytes[entry..<(entry + 32)])
            bytes[entry] &+= 1
            for index in (entry + 4)..<(entry + 32) { bytes[index] = 0xA5 }
        }
        let loader = try open(url)
        try loader.decrypt(offset: 4096, count: 4096)
        #expect(loader.bytes[4096..<8192].elementsEqual(reference.bytes[4096..<8192]))
    }

    @Test func zeroedPageWithStaleMACsReadsAsZeros() throws {
        // The engine's rule for a file that shrank and grew again: an all-zero page whose MACs do not match is
        // treated as never written.
        let directory = try TemporaryDirectory()
        defer { directory.remove() }
        let url = try EncryptedFixture.alteredCopy(of: Self.file, in: directory) { bytes in
            bytes.replaceSubrange((3 * 4096)..<(4 * 4096), with: Data(count: 4096))
        }
        let loader = try open(url)
        try loader.decrypt(offset: 2 * 4096, count: 4096)
        #expect(loader.bytes[(2 * 4096)..<(3 * 4096)].allSatisfy { $0 == 0 })
    }
}
