import NotesCore
import RealmSwift

final class Folder: Object {
    @Persisted(primaryKey: true) var name: String
    @Persisted var notes: List<Note>
}
