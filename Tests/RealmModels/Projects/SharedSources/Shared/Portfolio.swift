import RealmSwift

/// Compiled by both targets: in each, `CoinTicker` is that target's model.
final class Portfolio: Object {
    @Persisted(primaryKey: true) var name: String
    @Persisted var coins: List<CoinTicker>
}
