import RealmSwift

/// The base class of every record: its key is inherited.
class Record: Object {
    @Persisted(primaryKey: true) var id: String
    @Persisted var createdAt: Date
}
