import Foundation
import Storage

/// Imports no Realm: `Transactional` is another package's, so nothing declares what its `fetchResults(ofType:_:)`
/// passes its closure. A reader still knows a query on it by the call's shape: the call names a model
/// (`Note.self`), and the chain on the closure's parameter takes a step only Realm has.
final class Drafts {
    func open(with database: Transactional, prefix: String, pending: NSPredicate?) {
        let started = database.fetchResults(ofType: Note.self) { lazyNotes in
            // expect: query | filter(_:) | moderate | filter
            lazyNotes.filter("text BEGINSWITH %@", prefix)
        }
        let first = database.fetchObject(
            ofType: Note.self,
            filtering: { partial in
                // A step on its own says nothing (`pending` is optional), the sort by key path does.
                // expect: query | filter(_:) | moderate | filter
                partial.filter(pending).sorted(byKeyPath: "text").first
            })
        // expect: query | sorted(byKeyPath:ascending:) | trivial | sorted
        let byText = database.fetchResults(ofType: Note.self) { $0.sorted(byKeyPath: "text") }
        // expect: threading | freeze() | moderate | freeze
        let frozen = database.fetchResults(ofType: Note.self) { all in all.freeze() }
        print(started, first as Any, byText, frozen)
    }

    /// Nothing here is Realm's: a Swift filter, a key-path sort, a string that is no predicate format, a call that
    /// names no model, a type that is not a model, a closure's second parameter.
    func lookAlikes(with database: Transactional) {
        print(
            database.fetchResults(ofType: Note.self) { notes in notes.filter { $0.done } },
            database.fetchResults(ofType: Note.self) { notes in notes.sorted(by: \.text) },
            database.fetchResults(ofType: Note.self) { notes in notes.filter("drafts") },
            database.fetchAll { notes in notes.filter("done == true") },
            database.fetchResults(ofType: String.self) { texts in texts.filter("self == 'a'") },
            database.fetchPairs(ofType: Note.self) { count, notes in notes.filter("done == true") })
    }
}
