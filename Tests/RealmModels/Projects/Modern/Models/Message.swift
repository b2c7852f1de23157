import RealmSwift

/// A mail message: its superclass, embedded type, enum and linked classes are declared in other files.
final class Message: Record {
    @Persisted var subject: String
    @Persisted(indexed: true) var sentAt: Date
    @Persisted var folder: Folder?
    @Persisted var sender: Contact?
    @Persisted var attachments: List<Attachment>
    @Persisted var recipients = RealmSwift.List<Contact>()
    @Persisted var labels: MutableSet<String>
    @Persisted var headers: Map<String, String>
    @Persisted var state: DeliveryState
    @Persisted var history: List<DeliveryState>

    #if os(iOS)
        @Persisted var badgeCount: Int
    #elseif os(macOS)
        @Persisted var dockTitle: String
    #else
        @Persisted var widgetText: String?
    #endif

    var isUnread: Bool { state != .read }
    var draftCache = ""
    static let pageSize = 50

    func markRead() { state = .read }
}
