import RealmSwift

// expect: model | Object subclass | trivial | class
public final class Note: Object {
    // expect: model | @Persisted | trivial | @Persisted
    @Persisted(primaryKey: true) public var id: String
    // expect: model | @Persisted | trivial | @Persisted
    @Persisted public var text: String
    // expect: model | @Persisted | trivial | @Persisted
    @Persisted public var done: Bool
    // expect: model | @Persisted | trivial | @Persisted
    @Persisted public var tags: List<Tag>
}

// expect: model | EmbeddedObject subclass | trivial | class
public final class Tag: EmbeddedObject {
    // expect: model | @Persisted | trivial | @Persisted
    @Persisted public var name: String
}
