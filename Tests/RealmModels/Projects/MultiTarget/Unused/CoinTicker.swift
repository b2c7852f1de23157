/// A file in the project folder that no target compiles.
struct CoinTicker: Codable {
    var symbol: String
    var price: Double
}
