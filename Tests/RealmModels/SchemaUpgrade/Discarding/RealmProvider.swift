import RealmSwift

final class RealmProvider {
    // A cache: the app rebuilds it from the server, so a schema change just drops it.
    static let configuration = Realm.Configuration(schemaVersion: 2, deleteRealmIfMigrationNeeded: true)
}
