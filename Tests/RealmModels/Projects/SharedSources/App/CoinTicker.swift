import RealmSwift

/// The app's ticker.
final class CoinTicker: Object {
    @Persisted(primaryKey: true) var symbol: String
    @Persisted var price: Double
}
