import RealmSwift

// expect: model | Object subclass | trivial | class
class Note: Object {
    // expect: model | @Persisted | trivial | @Persisted
    @Persisted(primaryKey: true) var id = ""
    // expect: model | @Persisted | trivial | @Persisted
    @Persisted var text = ""
}

// expect: query | Results | trivial | Results
func openNotes() throws -> Results<Note> {
    // expect: realm-open | Realm() | trivial | Realm
    let realm = try Realm()
    // expect: query | objects(_:) | trivial | objects
    return realm.objects(Note.self)
}
