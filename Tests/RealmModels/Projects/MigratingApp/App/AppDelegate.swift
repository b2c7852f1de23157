import RealmSwift
import UIKit

@main
final class AppDelegate: UIResponder, UIApplicationDelegate {
    func application(
        _ application: UIApplication, didFinishLaunchingWithOptions options: [UIApplication.LaunchOptionsKey: Any]?
    ) -> Bool {
        var config = Realm.Configuration(
            schemaVersion: DatabaseManager.schemaVersion,
            migrationBlock: DatabaseManager.migrate)
        config.fileURL = FileManager.default.urls(for: .documentDirectory, in: .userDomainMask)[0]
            .appendingPathComponent("contacts.realm")
        Realm.Configuration.defaultConfiguration = config
        return true
    }
}
