import RealmSwift

public final class Note: Object {
    @Persisted(primaryKey: true) public var id: UUID
    @Persisted public var text: String
}
