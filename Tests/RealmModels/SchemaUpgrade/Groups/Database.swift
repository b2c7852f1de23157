import RealmSwift

final class Database {
    static let schemaVersion: UInt64 = 2

    static func migrate(_ migration: Migration, _ oldSchemaVersion: UInt64) {
        migration.enumerateObjects(ofType: "Person") { oldObject, newObject in
            if let age = oldObject?["age"] as? Int, age < 18, let newObject {
                migration.delete(newObject)
            }
        }
        let adults = migration.create("Group", value: ["title": "adults"])
        migration.enumerateObjects(ofType: "Person") { _, newObject in
            newObject?["group"] = adults
        }
    }

    let realm: Realm

    init() throws {
        let configuration = Realm.Configuration(schemaVersion: Self.schemaVersion, migrationBlock: Self.migrate)
        realm = try Realm(configuration: configuration)
    }
}
