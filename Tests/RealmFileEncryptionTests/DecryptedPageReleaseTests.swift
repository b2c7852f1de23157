import Foundation
import TestSupport
import Testing

@testable import RealmFile

/// Decrypted pages are released while a cursor is the only reader, and read again, the same, when needed.
/// `medium_encrypted.v24.realm` has the content of `medium.v24.realm` (fixtures README); the plain file is the truth.
@Suite struct DecryptedPageReleaseTests {
    private static let encryptedURL = Fixtures.realm("medium_encrypted.v24.realm")
    private static let plainURL = Fixtures.realm("medium.v24.realm")

    @Test func fullPassReleasesDecryptedPagesAndReadsLikeThePlainFile() throws {
        let storage = try EncryptedFileStorage(url: Self.encryptedURL, key: EncryptedFixture.key)
        let encrypted = try RealmFileReader(storage: storage)
        let plain = try RealmFileReader(url: Self.plainURL)
        var compared = 0
        var mostPagesLoaded = 0
        for table in encrypted.tables {
            let twin = try #require(plain.table(named: table.name))
            var cursor = encrypted.objects(in: table)
            var truth = plain.objects(in: twin)
            while let expected = try truth.next() {
                let object = try cursor.next()
                #expect(object == expected, "table \(table.name), object \(expected.key)")
                compared += 1
                if compared % 1000 == 0 { mostPagesLoaded = max(mostPagesLoaded, storage.decryptedPageCount) }
            }
            #expect(try cursor.next() == nil, "table \(table.name) has more objects than its plain twin")
        }
        #expect(compared == plain.tables.reduce(0) { $0 + $1.objectCount })
        #expect(compared > 100_000)
        // The whole pass needs most of the 2 688 pages; at no point were even half of them held at once.
        #expect(storage.releasedPageCount + storage.decryptedPageCount > storage.totalPageCount / 2)
        #expect(storage.releasedPageCount > 0)
        #expect(
            mostPagesLoaded < storage.totalPageCount / 2,
            "\(mostPagesLoaded) of \(storage.totalPageCount) pages decrypted at once")
        #expect(storage.decryptedPageCount < storage.totalPageCount / 4)
    }

    @Test func releasedPagesAreDecryptedAgainWhenReadAgain() throws {
        let storage = try EncryptedFileStorage(url: Self.encryptedURL, key: EncryptedFixture.key)
        let encrypted = try RealmFileReader(storage: storage)
        let plain = try RealmFileReader(url: Self.plainURL)
        let track = try #require(encrypted.table(named: "Track"))
        let plainTrack = try #require(plain.table(named: "Track"))
        var firstPass = encrypted.objects(in: track)
        var firstObject: StoredObject?
        var count = 0
        while let object = try firstPass.next() {
            if firstObject == nil { firstObject = object }
            count += 1
        }
        #expect(count == plainTrack.objectCount)
        #expect(storage.releasedPageCount > 0)
        // The first object's cluster was released by the pass; reading it again decrypts it again.
        let first = try #require(firstObject)
        #expect(try encrypted.object(first.key, in: track) == plain.object(first.key, in: plainTrack))
        var secondPass = encrypted.objects(in: track)
        #expect(try secondPass.next() == first)
    }

    @Test func nothingIsReleasedWhileAnotherCursorReads() throws {
        let storage = try EncryptedFileStorage(url: Self.encryptedURL, key: EncryptedFixture.key)
        let encrypted = try RealmFileReader(storage: storage)
        let plain = try RealmFileReader(url: Self.plainURL)
        let track = try #require(encrypted.table(named: "Track"))
        var truth = plain.objects(in: try #require(plain.table(named: "Track")))
        var first = encrypted.objects(in: track)
        var second = encrypted.objects(in: track)
        var compared = 0
        while let expected = try truth.next() {
            #expect(try first.next() == expected)
            #expect(try second.next() == expected)
            compared += 1
        }
        #expect(compared == track.objectCount)
        #expect(storage.releasedPageCount == 0)
    }

    @Test func aCopiedCursorKeepsItsPages() throws {
        let storage = try EncryptedFileStorage(url: Self.encryptedURL, key: EncryptedFixture.key)
        let encrypted = try RealmFileReader(storage: storage)
        let plain = try RealmFileReader(url: Self.plainURL)
        let track = try #require(encrypted.table(named: "Track"))
        var truth = plain.objects(in: try #require(plain.table(named: "Track")))
        var original = encrypted.objects(in: track)
        for _ in 0..<300 { #expect(try original.next() == truth.next()) }
        var copy = original
        var copyTruth = truth
        while let expected = try truth.next() { #expect(try original.next() == expected) }
        #expect(storage.releasedPageCount == 0)
        while let expected = try copyTruth.next() { #expect(try copy.next() == expected) }
        #expect(try copy.next() == nil)
    }

    @Test func cursorsOnSeveralThreadsReadTheSameValues() throws {
        let storage = try EncryptedFileStorage(url: Self.encryptedURL, key: EncryptedFixture.key)
        let encrypted = try RealmFileReader(storage: storage)
        let plain = try RealmFileReader(url: Self.plainURL)
        let track = try #require(encrypted.table(named: "Track"))
        let plainTrack = try #require(plain.table(named: "Track"))
        let mismatches = Mismatches()
        // Threads 0–2 read every Track object, 1 to 3 times each, so that for a while one of them reads alone and
        // releases pages; thread 3 looks objects up by key meanwhile.
        DispatchQueue.concurrentPerform(iterations: 4) { thread in
            do {
                if thread == 3 {
                    for step in 0..<2_000 {
                        let key = StoredObjectKey(rawValue: Int64(step &* 4_999 % plainTrack.objectCount))
                        let expected = try plain.object(key, in: plainTrack)
                        if try encrypted.object(key, in: track) != expected { mismatches.add("key \(key.rawValue)") }
                    }
                    return
                }
                for pass in 0...thread {
                    var cursor = encrypted.objects(in: track)
                    var truth = plain.objects(in: plainTrack)
                    while let expected = try truth.next() {
                        if try cursor.next() != expected {
                            mismatches.add("thread \(thread) pass \(pass) object \(expected.key.rawValue)")
                        }
                    }
                    if try cursor.next() != nil { mismatches.add("thread \(thread) pass \(pass): extra objects") }
                }
            } catch {
                mismatches.add("thread \(thread): \(error)")
            }
        }
        #expect(mismatches.all.isEmpty, "\(mismatches.all.prefix(5))")
    }
}

/// What the threads of a test found wrong.
private final class Mismatches: @unchecked Sendable {
    // Sendable: `found` is only used under `lock`.
    private let lock = NSLock()
    private var found: [String] = []

    func add(_ mismatch: String) {
        lock.lock()
        defer { lock.unlock() }
        found.append(mismatch)
    }

    var all: [String] {
        lock.lock()
        defer { lock.unlock() }
        return found
    }
}
