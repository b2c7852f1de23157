import Foundation
import RealmSwift

/// A person in the address book. Version 2 joined firstName and lastName into fullName; version 4 added the
/// groups and the favourite flag.
final class Contact: Object, ObjectKeyIdentifiable {
    @Persisted(primaryKey: true) var id = UUID()
    @Persisted(indexed: true) var fullName = ""
    @Persisted var nickname: String?
    @Persisted var age = 0
    @Persisted var rating: Double = 2.5
    @Persisted var isFavorite = false
    @Persisted var createdAt = Date()
    @Persisted var kind: ContactKind = .friend
    @Persisted var address: PostalAddress?
    @Persisted var groups: List<ContactGroup>
    @Persisted var tags: MutableSet<String>

    var initials: String {
        fullName.split(separator: " ").compactMap(\.first).map(String.init).joined()
    }
}

enum ContactKind: String, PersistableEnum {
    case friend
    case family
    case work = "colleague"
}

final class PostalAddress: EmbeddedObject {
    @Persisted var street = ""
    @Persisted var city = ""
    @Persisted var postcode: String?
}

final class ContactGroup: Object {
    @Persisted(primaryKey: true) var name = ""
    @Persisted var sortOrder = 0
    @Persisted(originProperty: "groups") var members: LinkingObjects<Contact>
}
