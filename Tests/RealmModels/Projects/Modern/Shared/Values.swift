import RealmSwift

final class Attachment: EmbeddedObject {
    @Persisted var fileName: String
    @Persisted var byteCount: Int64
}

final class Contact: Object, Codable {
    @Persisted(primaryKey: true) var email: String
    @Persisted var displayName: String?

    private enum CodingKeys: String, CodingKey {
        case email
        case displayName = "name"
    }
}

enum DeliveryState: String, PersistableEnum {
    case draft, sent, read
}
