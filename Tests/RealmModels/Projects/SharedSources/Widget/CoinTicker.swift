import RealmSwift

/// The widget's own ticker, in its own Realm file.
final class CoinTicker: Object {
    @Persisted(primaryKey: true) var symbol: String
    @Persisted var isFavorite: Bool
}
