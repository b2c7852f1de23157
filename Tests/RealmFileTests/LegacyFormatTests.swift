import Foundation
import RealmFile
import TestSupport
import Testing

/// Files of formats 2–9 (realm-core 5 and older) read as realm-core 6.2.4 sees them after upgrading them: every
/// table, column, object key and value equals what the reader reads from the copy that engine upgraded to format 11
/// (`Tests/Fixtures/realm-legacy/README.md`).
@Suite("Formats 2–9 read as the engine upgrades them")
struct LegacyFormatTests {
    @Test("Tables, columns, objects and lookups equal the upgraded twin's", arguments: LegacyRealmFixtures.all)
    func everythingEqualsTheUpgradedTwin(_ fixture: LegacyRealmFixtures.Entry) throws {
        let old = try RealmFileReader(url: fixture.url)
        let twin = try RealmFileReader(url: fixture.twinURL)
        #expect(old.fileFormat == fixture.format)
        #expect(twin.fileFormat == 11)
        #expect(old.tables.map(\.name) == twin.tables.map(\.name))
        #expect(old.schema == twin.schema)
        var objects = 0
        for (table, twinTable) in zip(old.tables, twin.tables) {
            #expect(table.key == twinTable.key, "\(table.name)")
            #expect(table.columns == twinTable.columns, "\(table.name)")
            #expect(table.primaryKeyColumnIndex == twinTable.primaryKeyColumnIndex, "\(table.name)")
            #expect(table.objectCount == twinTable.objectCount, "\(table.name)")
            var cursor = old.objects(in: table)
            var twinCursor = twin.objects(in: twinTable)
            while let object = try cursor.next() {
                objects += 1
                let expected = try twinCursor.next()
                // Compared by description: NaN values are not == to themselves.
                #expect(String(describing: object) == expected.map { String(describing: $0) }, "\(table.name)")
                let fetched = try old.object(object.key, in: table)
                #expect(fetched.map { String(describing: $0) } == String(describing: object), "\(table.name)")
                if let column = table.primaryKeyColumnIndex, table.objectCount < 100 || objects % 97 == 1 {
                    let found = try old.object(primaryKey: object.values[column], in: table)
                    #expect(found?.key == object.key, "\(table.name) primary key \(object.values[column])")
                }
            }
            #expect(try twinCursor.next() == nil, "\(table.name)")
            #expect(try old.object(StoredObjectKey(Int64.max), in: table) == nil)
        }
        #expect(objects == old.tables.reduce(0) { $0 + $1.objectCount })
        #expect(objects > 0)
    }

    @Test("Reading leaves the file byte for byte as it was", arguments: LegacyRealmFixtures.all)
    func readingChangesNothing(_ fixture: LegacyRealmFixtures.Entry) throws {
        let directory = try TemporaryDirectory("legacy-read")
        defer { directory.remove() }
        let copy = directory.appending(fixture.url.lastPathComponent)
        try FileManager.default.copyItem(at: fixture.url, to: copy)
        let before = try Data(contentsOf: copy)
        let realm = try RealmFileReader(url: copy)
        for table in realm.tables {
            var cursor = realm.objects(in: table)
            while try cursor.next() != nil {}
            try realm.forEachPrimaryKey(in: table) { _, _ in }
        }
        #expect(readEverything(before) == nil)
        #expect(try Data(contentsOf: copy) == before)
        let leftovers = try FileManager.default.contentsOfDirectory(atPath: directory.url.path)
        #expect(leftovers == [copy.lastPathComponent], "no lock or management files beside the file")
    }

    @Test("A String primary key's object key is the first 8 bytes of its SHA-1, low 62 bits, as the upgrade derives it")
    func hashedKeys() throws {
        let realm = try RealmFileReader(
            url: LegacyRealmFixtures.directory.appendingPathComponent("legacy-alltypes.v9.realm"))
        let targets = try #require(realm.table(named: "LinkTarget"))
        // SHA-1("alpha") = be4e…; bytes 0–7 read little-endian, masked to 62 bits (checked against the upgraded
        // twin's key for "alpha", 1856573302906255038, in legacy-alltypes.v11.json).
        let alpha = try #require(try realm.object(primaryKey: .string("alpha"), in: targets))
        #expect(alpha.key.rawValue == 1_856_573_302_906_255_038)
        var keys: [Int64] = []
        var cursor = realm.objects(in: targets)
        while let object = try cursor.next() { keys.append(object.key.rawValue) }
        #expect(keys == keys.sorted())
        #expect(keys.count == 5)
    }

    @Test("Lists of primitives, enumerated strings, links to deleted objects and backlinks in origin-key order")
    func alltypesValues() throws {
        let realm = try RealmFileReader(
            url: LegacyRealmFixtures.directory.appendingPathComponent("legacy-alltypes.v9.realm"))
        let all = try #require(realm.table(named: "AllTypes"))
        #expect(all.objectCount == 38)
        let names = all.columns.map(\.name)
        let second = try #require(try realm.object(primaryKey: .int(1006), in: all))
        func value(_ name: String) -> StoredValue? { names.firstIndex(of: name).map { second.values[$0] } }
        #expect(value("intList") == .list([.int(-2), .int(98)]))
        #expect(value("optStringList") == .list([.string("s2-0"), .null]))
        #expect(value("category") == .string("blue"))
        #expect(value("link") == .null)  // its target "gamma" was deleted
        #expect(all.columns[names.firstIndex(of: "intList") ?? 0].collection == .list)
        let targets = try #require(realm.table(named: "LinkTarget"))
        var cursor = realm.objects(in: targets)
        while let target = try cursor.next() {
            for (column, value) in zip(targets.columns, target.values) where column.type == .backlink {
                guard case .list(let links) = value else { continue }
                let keys = links.compactMap { link -> Int64? in
                    if case .link(let to) = link { return to.key.rawValue }
                    return nil
                }
                #expect(keys == keys.sorted(), "\(column.name) of \(target.key)")
            }
        }
    }
}

/// Damaged copies of the old files: the reader returns or throws `RealmFileError` with a byte offset, never crashes.
@Suite("Corrupted files of formats 2–9 never crash the reader")
struct LegacyCorruptionTests {
    static let small = LegacyRealmFixtures.all.filter {
        ((try? FileManager.default.attributesOfItem(atPath: $0.url.path)[.size] as? Int) ?? 0) <= 1 << 20
    }

    @Test("Truncated at many lengths", arguments: small)
    func truncated(_ fixture: LegacyRealmFixtures.Entry) throws {
        let data = try Data(contentsOf: fixture.url)
        var lengths = Set(stride(from: 0, to: data.count, by: max(1, data.count / 150)))
        lengths.formUnion((0..<64).map { data.count - 1 - $0 }.filter { $0 >= 0 })
        var thrown = 0
        for length in lengths.sorted() where length < data.count {
            guard let error = readEverything(data.prefix(length)) else { continue }
            thrown += 1
            #expect(error.offset != nil, "\(fixture) cut at \(length): \(error)")
        }
        #expect(thrown > 0)
    }

    @Test("Random byte flips (seeded)", arguments: small)
    func byteFlips(_ fixture: LegacyRealmFixtures.Entry) throws {
        let original = try Data(contentsOf: fixture.url)
        var random = SeededRandomNumberGenerator.replayable("LegacyCorruptionTests.byteFlips \(fixture)")
        var thrown = 0
        for _ in 0..<300 {
            var data = original
            for _ in 0..<(1 + Int(random.next() % 8)) {
                let position = Int(random.next() % UInt64(data.count))
                data[position] ^= UInt8(truncatingIfNeeded: random.next() | 1)
            }
            if let error = readEverything(data) {
                thrown += 1
                #expect(error.offset != nil, "\(fixture): \(error)")
            }
        }
        #expect(thrown > 0)
    }
}
