import RealmSwift

/// An old copy of the app's model in a file no target compiles: the compiled model keeps the name.
final class CoinTicker: Object {
    @Persisted var symbol: String
}
