import RealmSwift

/// The widget's own snapshot of a ticker: another model with the app's model's name, in its own Realm file.
final class CoinTicker: Object {
    @Persisted(primaryKey: true) var symbol: String
    @Persisted var lastPrice: Double
    @Persisted var isFavorite: Bool
}
