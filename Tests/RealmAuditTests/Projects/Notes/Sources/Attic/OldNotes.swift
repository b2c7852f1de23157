import Foundation
import RealmSwift

/// A file no target compiles, left in the package's folder: its names are typed by what the targets declare
/// (`find(_:)` is `NoteStore`'s, declared in `Storage` to give a `Note`).
extension NoteStore {
    func tagCount(id: String, matching rule: TagRule) -> Int {
        guard let note = find(id) else { return 0 }
        // expect: query | filter(_:) | moderate | filter
        return note.tags.filter(rule).count
    }
}
