import Storage

/// Imports no Realm: a query held in a local is Realm's when its chain starts at a Realm value.
extension NoteStore {
    func frozenDone() -> [Note] {
        // expect: query | objects(_:) | moderate | objects
        let done = Current.realm().objects(Note.self).filter("done == true")
        // expect: threading | freeze() | moderate | freeze
        return done.map { $0.freeze() }
    }

    /// `Transactional` is another package's: its closure's `writableRealm` is known by its name only.
    func purge(_ ids: [String], with database: Transactional) {
        database.writeTransaction { writableRealm in
            // expect: query | objects(_:) | moderate | objects
            let doomed = writableRealm.objects(Note.self).filter("id IN %@", ids)
            // expect: threading | freeze() | moderate | freeze
            print(doomed.map { $0.freeze() }.count)
            // expect: write | delete(_:) | trivial | delete
            writableRealm.delete(doomed)
        }
    }

    /// `Catalogue` is the app's: what its `objects(_:)` gives is not Realm's.
    func watch(_ shelf: Catalogue) {
        let listed = shelf.objects(Note.self)
        listed.observe {}
    }
}

final class Catalogue {
    func objects(_ type: Any.Type) -> Catalogue { self }
    func observe(_ body: () -> Void) {}
}
