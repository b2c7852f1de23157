import Foundation
import RealmSwift

/// An invoice in the `@objc dynamic` style; its number's type and its reminders depend on the build.
class Invoice: Object {
    #if FEATURE_UUID_KEYS
        @objc dynamic var number: String = UUID().uuidString
    #else
        @objc dynamic var number: Int = 0
    #endif
    @objc dynamic var total: Double = 0
    #if FEATURE_SYNC
        let reminders = List<Reminder>()
        let remindersByDay = Map<String, Reminder?>()
        @objc dynamic var remoteRevision: Int = 0
    #endif
    #if os(iOS)
        @objc dynamic var pushTopic: String?
    #elseif DEBUG
        @objc dynamic var debugTopic: String?
    #else
        @objc dynamic var mailTopic: String?
    #endif

    override static func primaryKey() -> String? { "number" }
    override static func indexedProperties() -> [String] { ["total", "remoteRevision"] }
}

#if FEATURE_SYNC
    /// Exists only in builds with sync.
    class Reminder: Object {
        @objc dynamic var id: String = ""
        @objc dynamic var dueAt = Date()
        let invoices = LinkingObjects(fromType: Invoice.self, property: "reminders")

        override static func primaryKey() -> String? { "id" }
    }
#endif

/// Lists the invoices it is given; only in builds with sync, and with no inverse in Realm.
#if FEATURE_SYNC
    class Batch: Object {
        @objc dynamic var label: String = ""
        let invoices = List<Invoice>()
    }
#endif
