import RealmSwift
import Shared
import UserNotifications

final class NotificationService: UNNotificationServiceExtension {
    override func didReceive(
        _ request: UNNotificationRequest, withContentHandler contentHandler: @escaping (UNNotificationContent) -> Void
    ) {
        let realm = try? Realm()
        _ = realm?.objects(Shared.NotificationCategory.self).count
        contentHandler(request.content)
    }
}
