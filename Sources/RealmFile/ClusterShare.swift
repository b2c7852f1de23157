/// One of several disjoint parts of a table's clusters, so that a table can be read on several threads at once:
/// share `index` of `count` holds the clusters at positions `index`, `index + count`, `index + 2 × count`, … in
/// key order. Together the shares `0..<count` hold every cluster once.
public struct ClusterShare: Sendable, Hashable {
    /// Which share this is, from 0.
    public let index: Int
    /// How many shares the clusters are dealt into.
    public let count: Int

    /// Every cluster.
    public static let all = ClusterShare(checkedIndex: 0, count: 1)

    /// Share `index` of `count`; `nil` unless `0 ≤ index < count`.
    public init?(index: Int, of count: Int) {
        guard index >= 0, index < count else { return nil }
        self.init(checkedIndex: index, count: count)
    }

    private init(checkedIndex: Int, count: Int) {
        self.index = checkedIndex
        self.count = count
    }

    /// Whether the cluster at `position` belongs to this share.
    public func contains(clusterAt position: Int) -> Bool { position % count == index }
}
