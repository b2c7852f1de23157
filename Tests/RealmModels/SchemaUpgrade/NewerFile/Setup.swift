import RealmSwift

let realmConfiguration = Realm.Configuration(schemaVersion: 4)
