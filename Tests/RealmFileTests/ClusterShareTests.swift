import RealmFile
import TestSupport
import Testing

/// Shares of a table's clusters: each cursor reads only the clusters at its positions, and the shares together,
/// put back in cluster order, are exactly the table's objects in key order.
@Suite struct ClusterShareTests {
    @Test(arguments: ["clusters.v24.realm", "clusters.v11.realm", "music.v24.realm"])
    func sharesTogetherAreTheWholeTableInOrder(_ name: String) throws {
        let file = try RealmFileReader(url: Fixtures.realm(name))
        for table in file.tables {
            var whole: [StoredObject] = []
            var cursor = file.objects(in: table, skippingBacklinks: true)
            while let object = try cursor.next() { whole.append(object) }
            for count in [1, 2, 3, 5] {
                var byPosition: [Int: [StoredObject]] = [:]
                for index in 0..<count {
                    let share = try #require(ClusterShare(index: index, of: count))
                    var cursor = file.objects(in: table, skippingBacklinks: true, share: share)
                    while let object = try cursor.next() {
                        #expect(share.contains(clusterAt: cursor.clusterPosition))
                        byPosition[cursor.clusterPosition, default: []].append(object)
                    }
                }
                let merged = byPosition.keys.sorted().flatMap { byPosition[$0] ?? [] }
                #expect(merged == whole, "\(name) \(table.name) in \(count) shares")
                if count == 1 && whole.count > 1_000 { #expect(byPosition.count > 4) }
            }
        }
        #expect(ClusterShare(index: 2, of: 2) == nil && ClusterShare(index: -1, of: 3) == nil)
    }
}
