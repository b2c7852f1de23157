import RealmSwift
import Shared

/// The app's ticker: a model of the app target, named like the widget's own model.
final class CoinTicker: Object {
    @Persisted(primaryKey: true) var symbol: String
    @Persisted var price: Double
    @Persisted var history: List<PricePoint>
    @Persisted var category: NotificationCategory?
}
