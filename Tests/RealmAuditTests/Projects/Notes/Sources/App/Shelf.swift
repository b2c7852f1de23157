import Foundation
import Storage

/// Imports no Realm: what `Vault`'s sessions give is typed by their declarations in `Storage`.
final class Shelf {
    let vault = Vault()
    var tokens: [AnyObject] = []

    func watch() throws {
        try vault.open(
            on: .main,
            with: { session in
                // `run(query:)` gives `Query.Answer`: `Results<Note>` for `OpenNotes`.
                let notes = session.run(query: OpenNotes())
                // expect: observation | observe(_:) | moderate | observe
                tokens.append(notes.observe { _ in })
                // `[String]` for `NoteTexts`: Swift's.
                let texts = session.run(query: NoteTexts())
                print(texts.filter { $0.isEmpty }.count)
            })
        // A trailing closure, its parameter as `$0`, and the query held in a local.
        try vault.open(on: .main) {
            let query = OpenNotes()
            // expect: threading | freeze() | moderate | freeze
            print($0.run(query: query).freeze().count)
        }
        let pending = vault.run(query: OpenNotes(), on: .main)
        // expect: query | filter(_:) | moderate | filter
        print(pending?.filter("done == true").count ?? 0)
    }

    func record(_ line: String) {
        // Named like a Realm, but `inspect` declares it a `Ledger`.
        vault.inspect { realm in
            realm.write { print(line) }
        }
    }
}
