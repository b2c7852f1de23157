import Foundation
import RealmSwift

@objc enum CustomerStatus: Int, RealmEnum {
    case active
    case suspended
    case closed = 9
}

class Customer: Object {
    @objc dynamic var id = UUID().uuidString
    @objc dynamic var name = ""
    @objc dynamic var email: String? = nil
    @objc dynamic var joined = Date()
    @objc dynamic var vip = false
    @objc dynamic var credit: Double = 0
    @objc dynamic var status = CustomerStatus.active
    @objc dynamic var address: Address?
    @objc dynamic var tempToken = ""
    let age = RealmOptional<Int>()
    let points = RealmProperty<Int64?>()
    let orders = List<Order>()
    let tags = MutableSet<String>()
    let preferences = Map<String, String>()
    var sessionCache: [String: String] = [:]

    #if os(iOS)
        @objc dynamic var deviceToken: String? = nil
    #else
        @objc dynamic var desktopId: String? = nil
    #endif

    override static func primaryKey() -> String? {
        return "id"
    }

    override static func indexedProperties() -> [String] {
        ["email", "name"]
    }

    override static func ignoredProperties() -> [String] {
        return ["tempToken"]
    }

    convenience init(name: String, email: String?) {
        self.init()
        self.name = name
        self.email = email
    }

    var isReachable: Bool { email != nil || deviceTokenOrNil != nil }

    private var deviceTokenOrNil: String? {
        #if os(iOS)
            return deviceToken
        #else
            return nil
        #endif
    }
}

class PremiumCustomer: Customer {
    @objc dynamic var tier = 1
    @objc dynamic var since: NSDate? = nil
}
