import Foundation
import Storage

/// Imports no Realm: the Realm values come from `Storage`'s declarations.
final class NotesScreen: ObservingController {
    var open: [Note] = []

    func load() {
        // expect: query | objects(_:) | moderate | objects
        open = Array(Current.realm().objects(Note.self).filter("done == false"))
        let typed = Current.realm(objectTypes: [Note.self])
            // expect: query | objects(_:) | trivial | objects
            .objects(Note.self)
        print(typed.count)
        // expect: query | objects(_:) | trivial | objects
        print(defaultRealm.objects(Note.self).count)
        // Sorted by a Swift closure, the results are an array: its key-path `filter` is Swift's.
        // expect: query | objects(_:) | trivial | objects
        let byText = Current.realm().objects(Note.self).sorted(by: { $0.text < $1.text }).filter(\.done)
        print(byText.count)
    }

    func frozen(id: String) -> Note? {
        // expect: query | object(ofType:forPrimaryKey:) | trivial | object
        guard let note = Current.realm().object(ofType: Note.self, forPrimaryKey: id) else { return nil }
        // `note` is what `object(ofType:forPrimaryKey:)` returns: a model object.
        // expect: threading | freeze() | moderate | freeze
        return note.freeze()
    }

    /// The app's generic wrapper of `object(ofType:forPrimaryKey:)` gives the model it is asked for.
    func fetchObject<T>(ofType type: T.Type, forPrimaryKey key: String) -> T? { nil }

    func frozenNote(id: String) -> Note? {
        // expect: threading | freeze() | moderate | freeze
        fetchObject(ofType: Note.self, forPrimaryKey: id)?.freeze()
    }

    func thawed(id: String) -> Note? {
        guard let frozen = fetchObject(ofType: Note.self, forPrimaryKey: id) else { return nil }
        // expect: threading | thaw() | moderate | thaw
        return frozen.thaw()
    }

    func frozenNotes() -> [Note] {
        // `open` is `[Note]`: each element is a model object.
        // expect: threading | freeze() | moderate | freeze
        open.map { $0.freeze() }
    }

    func renamed(_ note: Note, to text: String) async throws -> Note {
        // `rename` is `NoteStore`'s, declared in `Storage` to return a `Note`.
        let renamed = try await NoteStore().rename(note, to: text)
        // expect: threading | freeze() | moderate | freeze
        return renamed.freeze()
    }

    func describe(found: Note) -> String { found.text }

    func copy(of id: String) -> Note? {
        // `found: Note()` is a call's argument, not a declaration of `found`.
        print(describe(found: Note()))
        guard let found = NoteStore().find(id) else { return nil }
        // expect: threading | freeze() | moderate | freeze
        return found.freeze()
    }

    deinit {
        // `notesToken` is the superclass's, declared in `Storage`.
        // expect: observation | NotificationToken.invalidate() | trivial | invalidate
        notesToken?.invalidate()
    }
}
