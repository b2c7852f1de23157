import RealmSwift
import UIKit

@main
final class AppDelegate: UIResponder, UIApplicationDelegate {
    func application(
        _ application: UIApplication, didFinishLaunchingWithOptions options: [UIApplication.LaunchOptionsKey: Any]?
    ) -> Bool {
        var config = Realm.Configuration.defaultConfiguration
        config.schemaVersion = 3
        config.migrationBlock = { migration, oldSchemaVersion in
            if oldSchemaVersion < 2 {
                migration.enumerateObjects(ofType: Person.className()) { oldObject, newObject in
                    let first = oldObject?["firstName"] as? String ?? ""
                    let last = oldObject?["lastName"] as? String ?? ""
                    newObject?["fullName"] = first + " " + last
                }
            }
            if oldSchemaVersion < 3 {
                migration.enumerateObjects(ofType: Person.className()) { oldObject, newObject in
                    let age = oldObject!["age"] as! Int
                    newObject!["birthYear"] = 2024 - age
                }
            }
        }
        Realm.Configuration.defaultConfiguration = config
        return true
    }
}
