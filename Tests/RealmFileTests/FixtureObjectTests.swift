import Foundation
import RealmFile
import Testing

@Suite("Objects of the engine's fixtures")
struct FixtureObjectTests {
    @Test("Every object's values match realm2json's dump", arguments: RealmFixture.readable)
    func everyValueMatchesTheEngine(_ fixture: RealmFixture) throws {
        let realm = try RealmFileReader(url: fixture.url)
        // A format-24 file's own dump shows sets and dictionaries in the file's storage order.
        var comparison = DumpComparison(realm, ordered: realm.fileFormat == 24)
        try comparison.compare(try fixture.truth("json"))
        #expect(comparison.objectsCompared > 0 || realm.tables.allSatisfy { $0.objectCount == 0 })
        #expect(comparison.differences.isEmpty, "\(comparison.differences.prefix(25).joined(separator: "\n"))")
    }

    @Test("Every object can be fetched by its key and by its primary key", arguments: RealmFixture.readable)
    func lookupsFindEveryObject(_ fixture: RealmFixture) throws {
        let realm = try RealmFileReader(url: fixture.url)
        for table in realm.tables {
            var cursor = realm.objects(in: table)
            var count = 0
            while let object = try cursor.next() {
                count += 1
                // Compared by description: NaN values are not == to themselves.
                let fetched = try realm.object(object.key, in: table)
                #expect(
                    fetched.map { String(describing: $0) } == String(describing: object),
                    "\(table.name) key \(object.key)")
                // Primary-key lookups scan the table, so large tables are sampled.
                if let column = table.primaryKeyColumnIndex, table.objectCount < 100 || count % 97 == 1 {
                    let found = try realm.object(primaryKey: object.values[column], in: table)
                    #expect(found?.key == object.key, "\(table.name) primary key \(object.values[column])")
                }
            }
            #expect(count == table.objectCount, "\(table.name)")
            if table.primaryKeyColumnIndex != nil {
                #expect(try realm.object(primaryKey: .string("no such key"), in: table) == nil)
                #expect(try realm.object(primaryKey: .int(-123_456_789), in: table) == nil)
            }
            #expect(try realm.object(StoredObjectKey(Int64.max), in: table) == nil)
        }
    }

    @Test("Format-20 object keys are derived from integer primary keys; tombstoned links read as null")
    func formatTwentyKeysAndTombstones() throws {
        let realm = try RealmFileReader(url: RealmFixture(path: "upstream/test_upgrade_database_20.realm").url)
        let foo = try #require(realm.table(named: "foo"))
        let object = try #require(try realm.object(StoredObjectKey(7000), in: foo))
        #expect(object.values[0] == .int(7000))
        #expect(try realm.object(primaryKey: .int(42), in: foo) == nil)  // invalidated: only a tombstone is left
        let origin = try #require(realm.table(named: "origin"))
        let fifth = try #require(try realm.object(StoredObjectKey(4), in: origin))
        #expect(fifth.values == [.null, .null])
    }

    @Test(
        "clusters has 4286 objects in key order with the deleted ids missing",
        arguments: ["clusters.v11.realm", "clusters.v24.realm"])
    func clusterTreeWithInnerNode(_ path: String) throws {
        // Formats 11 and 22–24 give an Int primary key's objects keys 0, 1, 2, … in creation order (fixtures README,
        // "Fixture clusters"); the current engine keeps a format-11 file's keys when it upgrades it.
        let realm = try RealmFileReader(url: RealmFixture(path: path).url)
        let items = try #require(realm.table(named: "ClusterItem"))
        var cursor = realm.objects(in: items)
        var ids: [Int64] = []
        var previousKey = Int64.min
        while let object = try cursor.next() {
            #expect(object.key.rawValue > previousKey)
            previousKey = object.key.rawValue
            if case .int(let id) = object.values[0] {
                ids.append(id)
                #expect(object.key.rawValue == id - 1)
            }
        }
        #expect(ids == (1...5000).filter { $0 % 7 != 0 }.map(Int64.init))
        let item = try #require(try realm.object(primaryKey: .int(4999), in: items))
        #expect(item.values[1] == .string("item #4999"))
    }

    @Test("Format-10 and format-11 objects keep their stored keys: sequential for Int primary keys, hashed for strings")
    func formatTenAndElevenKeys() throws {
        // realm-core's Upgrade_Database_10_11 and Upgrade_Database_11 files (fixtures README, "Upstream files"): ids
        // 0, 2, 3, 15, 42, 100, 7000 created in that order; the format-11 file's `bar` has a String primary key.
        for path in ["upstream/test_upgrade_database_1000_10_to_11.realm", "upstream/test_upgrade_database_11.realm"] {
            let realm = try RealmFileReader(url: RealmFixture(path: path).url)
            let table = try #require(realm.table(named: path.contains("10_to_11") ? "table" : "foo"))
            let ids: [Int64] = [0, 2, 3, 15, 42, 100, 7000]
            for (key, id) in ids.enumerated() {
                let object = try #require(try realm.object(StoredObjectKey(Int64(key)), in: table))
                #expect(object.values[0] == .int(id), "\(path) key \(key)")
            }
        }
        let realm = try RealmFileReader(url: RealmFixture(path: "upstream/test_upgrade_database_11.realm").url)
        let bar = try #require(realm.table(named: "bar"))
        let adam = try #require(try realm.object(primaryKey: .string("adam"), in: bar))
        #expect(adam.key.rawValue > 1 << 32)
        #expect(bar.columns[0].isIndexed)
    }

    @Test("The comparison with the dump notices real differences")
    func comparisonDetectsDifferences() throws {
        // Format 24 stores Decimal128 -0 as +0 and has four more mixed values than format 23, so the format-23
        // truth must not match the format-24 file (fixtures README, "Engine behaviours visible in the data").
        let realm = try RealmFileReader(url: RealmFixture(path: "alltypes.v24.realm").url)
        var comparison = DumpComparison(realm)
        try comparison.compare(try RealmFixture(path: "alltypes.v23.realm").truth("json"))
        #expect(comparison.differences.contains { $0.contains("decimalList[0]") })
        #expect(comparison.differences.contains { $0.contains("anyVal") })
    }

    @Test("Skipping backlinks leaves every other value as it is and reads backlinks as empty lists")
    func skippingBacklinks() throws {
        let realm = try RealmFileReader(url: RealmFixture(path: "music.v24.realm").url)
        let tracks = try #require(realm.table(named: "Track"))
        var full = realm.objects(in: tracks)
        var lean = realm.objects(in: tracks, skippingBacklinks: true)
        var backlinksSeen = 0
        while let object = try full.next() {
            let skipped = try #require(try lean.next())
            #expect(skipped.key == object.key)
            for (column, (value, leanValue)) in zip(tracks.columns, zip(object.values, skipped.values)) {
                if column.type == .backlink {
                    #expect(leanValue == .list([]))
                    if case .list(let links) = value { backlinksSeen += links.count }
                } else {
                    #expect(leanValue == value)
                }
            }
        }
        #expect(try lean.next() == nil)
        // 47 album slots (36 on albums 1–6, 5 on album 7, 6 on album 8 incl. track-03 again) and 22 playlist slots.
        #expect(backlinksSeen == 47 + 22)
    }
}
