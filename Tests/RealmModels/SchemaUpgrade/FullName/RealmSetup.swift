import Foundation
import RealmSwift

enum RealmSetup {
    static func configure() {
        let config = Realm.Configuration(
            schemaVersion: 2,
            migrationBlock: { migration, oldSchemaVersion in
                if oldSchemaVersion < 2 {
                    // Version 2 keeps one name.
                    migration.enumerateObjects(ofType: Person.className()) { oldObject, newObject in
                        let firstName = oldObject!["firstName"] as! String
                        let lastName = oldObject!["lastName"] as! String
                        newObject!["fullName"] = "\(firstName) \(lastName)"
                    }
                }
            })
        Realm.Configuration.defaultConfiguration = config
    }
}
