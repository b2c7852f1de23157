import RealmSwift

struct Store {
    // Version 2: Address became embedded; Realm drops unowned addresses and copies shared ones.
    static let configuration = Realm.Configuration(schemaVersion: 2)
}
