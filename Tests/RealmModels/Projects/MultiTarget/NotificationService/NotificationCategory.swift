import Shared
import UserNotifications

/// The extension's own protocol, named like the framework's model.
protocol NotificationCategory {
    var identifier: String { get }
}

extension UNNotificationCategory: NotificationCategory {}
