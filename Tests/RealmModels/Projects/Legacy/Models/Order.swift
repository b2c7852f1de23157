import RealmSwift

class Order: Object {
    @objc dynamic var number = 0
    @objc dynamic var placedAt = Date()
    let lines = List<OrderLine>()
    let customers = LinkingObjects(fromType: Customer.self, property: "orders")

    override class func primaryKey() -> String? {
        return Keys.orderNumber
    }
}

class OrderLine: Object {
    @objc dynamic var sku = ""
    @objc dynamic var quantity = 1

    override static func primaryKey() -> String? { #keyPath(OrderLine.sku) }
}
