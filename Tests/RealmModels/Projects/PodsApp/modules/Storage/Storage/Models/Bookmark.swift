import RealmSwift

public final class Bookmark: Object {
    @Persisted(primaryKey: true) public var id: String
    @Persisted public var url: String
}
