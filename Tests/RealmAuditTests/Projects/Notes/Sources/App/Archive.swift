import Storage

extension NoteStore {
    func archive(_ note: Note) {
        perform { realm in
            // expect: write | write(_:) | trivial | write
            try? realm.write {
                // expect: write | delete(_:) | trivial | delete
                realm.delete(note)
            }
        }
    }
}
