import Storage

/// Imports no Realm: names bound by a tuple pattern, a loop or an element closure take their types from what they
/// are bound to (a query's tuple result, a Realm collection's elements).
final class Review {
    let vault = Vault()

    func check(newest: String) throws {
        try vault.open(on: .main) { session in
            // `FirstAndLast.Answer` is `(Note, Note)`: each name is a `Note` (`newest` hides the parameter).
            let (oldest, newest) = session.run(query: FirstAndLast())
            // expect: threading | freeze() | moderate | freeze
            print(oldest.freeze().text)
            // expect: query | filter(_:) | moderate | filter
            print(newest.tags.filter("name BEGINSWITH %@", "a").count)
            let notes = session.run(query: OpenNotes())
            // Each note of a `Results<Note>`, and each tag of its sorted list.
            for note in notes {
                // expect: query | sorted(byKeyPath:ascending:) | trivial | sorted
                for tag in note.tags.sorted(byKeyPath: "name") {
                    // expect: threading | isFrozen | trivial | isFrozen
                    print(tag.isFrozen)
                }
            }
            // A named parameter of an element closure, after a Swift filter that keeps the elements.
            let counts = notes.filter { !$0.done }.map { note in
                // expect: query | filter(_:) | moderate | filter
                note.tags.filter("name == %@", "x").count
            }
            print(counts)
            // `TextsAndCount.Answer` is `([String], Int)`: nothing Realm's.
            let (texts, count) = session.run(query: TextsAndCount())
            for text in texts {
                print(text.sorted(by: { $0 < $1 }), count)
            }
            print(texts.map { text in text.filter { $0 != " " } })
        }
    }

    func isShared(id: String) -> Bool {
        // The initializer goes on on its next line: `found` is the `Note` that `find(_:)` gives.
        guard
            let found = NoteStore()
                .find(id)
        else { return false }
        // expect: threading | isFrozen | trivial | isFrozen
        return found.isFrozen
    }

    func pending() -> Int {
        // `cached(in:)` is declared to give `Answer`, its type's `Results<Note>`.
        let cached = OpenNotes().cached(in: Current.realm())
        // expect: query | filter(_:) | moderate | filter
        return cached.filter("text != ''").count
    }
}
