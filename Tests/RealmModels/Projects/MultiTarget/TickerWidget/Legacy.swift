import RealmSwift

/// Left out of the widget target by a membership exception: no target compiles it.
final class LegacyQuote: Object {
    @Persisted var symbol: String
}

struct CoinTicker: Codable {
    var symbol: String
}
