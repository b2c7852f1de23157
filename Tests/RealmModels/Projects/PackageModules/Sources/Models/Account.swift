import RealmSwift

public final class Account: Object {
    @Persisted(primaryKey: true) public var id: ObjectId
    @Persisted public var email: String
    @Persisted public var settings: Settings?
}

public final class Settings: EmbeddedObject {
    @Persisted public var theme: String
}
