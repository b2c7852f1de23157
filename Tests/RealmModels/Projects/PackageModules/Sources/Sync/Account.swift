import Models
import RealmSwift

/// The sync module's own account record: another Realm model named `Account`, in the sync module's Realm file.
final class Account: Object {
    @Persisted(primaryKey: true) var remoteID: String
    @Persisted var token: String
}

final class Outbox: Object {
    @Persisted var pending: List<Account>
    @Persisted var createdAt: Date
}
