import RealmSwift

/// A legacy-style customer: key, indexes and ignored properties come from constants declared in other files.
class Customer: Entity {
    @objc dynamic var name = ""
    @objc dynamic var email = ""
    @objc dynamic var tier = Tier.basic
    @objc dynamic var address: Address?
    @objc dynamic var referrer: Customer?
    let orders = List<Order>()
    let nicknames = List<String>()
    let credit = RealmProperty<Double?>()
    let scores = Map<String, Int>()
    var sessionToken = ""

    #if os(iOS)
        @objc dynamic var pushToken: String?
    #else
        @objc dynamic var desktopID: String?
    #endif

    override static func indexedProperties() -> [String] {
        [#keyPath(Customer.email), Keys.customerName] + [Field.tier.rawValue]
    }

    override static func ignoredProperties() -> [String] {
        return ["session" + "Token"]
    }

    var greeting: String { "Hello, \(name)" }
}
