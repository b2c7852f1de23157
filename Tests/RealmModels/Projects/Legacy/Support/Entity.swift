import RealmSwift

/// The legacy base class: its primary key comes from a constant of its own.
class Entity: Object {
    // swift-format-ignore: AlwaysUseLowerCamelCase
    // Upper-case, as the apps issue 11 describes declare it.
    static let ID = "uuid"
    @objc dynamic var uuid = UUID().uuidString

    override class func primaryKey() -> String? { return ID }
}

class Address: EmbeddedObject {
    @objc dynamic var street = ""
    @objc dynamic var city: String?
}

@objc enum Tier: Int, RealmEnum {
    case basic = 0
    case gold = 1
}
