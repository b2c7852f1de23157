/// Names of persisted properties, shared by the models' overrides.
enum Keys {
    static let customerName = "name"
    static let orderNumber = "num" + "ber"
}

enum Field: String {
    case tier
    case city = "town"
}
