import RealmSwift

extension Realm.Configuration {
    static var app: Realm.Configuration {
        Realm.Configuration(schemaVersion: 2)
    }
}
