import RealmSwift
import UIKit

/// The share extension reads the app group's copy of the contacts (an older schema it never migrates).
final class ShareViewController: UIViewController {
    private lazy var realm: Realm? = {
        var configuration = Realm.Configuration()
        configuration.schemaVersion = 3
        configuration.migrationBlock = { _, _ in }
        configuration.readOnly = true
        return try? Realm(configuration: configuration)
    }()

    override func viewDidLoad() {
        super.viewDidLoad()
        print(realm?.objects(Contact.self).count ?? 0)
    }
}
