import Foundation
import RealmSwift

class Order: Object {
    @objc dynamic var number = 0
    @objc dynamic var placed = Date()
    @objc dynamic var total = Decimal128(0)
    @objc dynamic var shipping: Address?
    @objc dynamic var note: String? = nil
    let lines = List<OrderLine>()
    let customers = LinkingObjects(fromType: Customer.self, property: "orders")

    override class func primaryKey() -> String? { "number" }

    func total(in realm: Realm) -> Double {
        realm.objects(OrderLine.self).filter("order == %@", self).sum(ofProperty: "price")
    }
}

class OrderLine: Object {
    @objc dynamic var sku = ""
    @objc dynamic var quantity: Int8 = 1
    @objc dynamic var price = 0.0
    @objc dynamic var product: Product?
}

class Product: Object {
    @objc dynamic var sku = ""
    @objc dynamic var title = "Untitled"
    @objc dynamic var thumbnail: Data? = nil
    @objc dynamic var catalogId = ObjectId.generate()
    @objc dynamic var weight: Float = 0.5
    let attributes = List<AnyRealmValue>()

    override static func primaryKey() -> String? { "sku" }
}

class Address: EmbeddedObject {
    @objc dynamic var street = ""
    @objc dynamic var city = ""
    @objc dynamic var zip: String? = nil
}
