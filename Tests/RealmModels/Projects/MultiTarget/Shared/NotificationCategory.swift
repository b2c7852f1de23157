import RealmSwift

/// A model of the shared framework; the notification extension declares a protocol with its name.
public class NotificationCategory: Object {
    @Persisted(primaryKey: true) public var identifier: String
    @Persisted public var actions: List<String>
    @Persisted public var recipients: RecipientsList?
}
