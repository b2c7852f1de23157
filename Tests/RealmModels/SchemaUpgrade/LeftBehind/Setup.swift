import RealmSwift

func openRealm() throws -> Realm {
    // Version 2 dropped the Legacy notes; their table stays in users' files.
    try Realm(configuration: Realm.Configuration(schemaVersion: 2))
}
