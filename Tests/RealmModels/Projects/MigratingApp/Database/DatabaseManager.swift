import Foundation
import os
import RealmSwift

/// Opens the app's Realm and migrates it: every schema change since the first release is handled here.
final class DatabaseManager {
    static let shared = DatabaseManager()
    /// Bump on every model change (and add a step to `migrate`).
    static let schemaVersion: UInt64 = 5

    private static let logger = Logger(subsystem: "com.example.contacts", category: "database")

    lazy var realm: Realm = {
        // swiftlint:disable:next force_try
        try! Realm()
    }()

    /// The migration block of the default configuration (see AppDelegate).
    static func migrate(_ migration: Migration, _ oldSchemaVersion: UInt64) {
        logger.info("migrating from \(oldSchemaVersion)")
        if oldSchemaVersion < 2 {
            // firstName + lastName became fullName.
            migration.enumerateObjects(ofType: Contact.className()) { oldObject, newObject in
                let first = oldObject?["firstName"] as? String ?? ""
                let last = oldObject?["lastName"] as? String ?? ""
                newObject?["fullName"] = "\(first) \(last)".trimmingCharacters(in: .whitespaces)
            }
        }
        if oldSchemaVersion < 3 {
            migration.renameProperty(onType: Contact.className(), from: "nick", to: "nickname")
            migration.deleteData(forType: "LegacyNote")
        }
        if oldSchemaVersion < 4 {
            let everyone = migration.create(String(describing: ContactGroup.self), value: ["name": "Everyone"])
            migration.enumerateObjects(ofType: Contact.className()) { oldObject, newObject in
                guard let newObject else { return }
                let groups = newObject["groups"] as! List<MigrationObject>
                groups.append(everyone)
                newObject.isFavorite = (oldObject?["stars"] as? Int ?? 0) >= 4
                newObject["kind"] = ContactKind.friend.rawValue
            }
            UserDefaults.standard.set(true, forKey: "showGroupsOnboarding")
        }
        if oldSchemaVersion < 5 {
            var removed = 0
            migration.enumerateObjects(ofType: "Contact") { oldObject, newObject in
                if let newObject, (oldObject?["age"] as? Int ?? 0) < 0 {
                    migration.delete(newObject)
                    removed += 1
                }
            }
            logger.notice("removed \(removed) contacts with a negative age")
            shared.cleanUpThumbnails()
        }
    }

    private func cleanUpThumbnails() {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("thumbnails")
        try? FileManager.default.removeItem(at: folder)
    }
}
