import RealmSwift

extension NotesList {
    func start(on realm: Realm) {
        // expect: query | objects(_:) | trivial | objects ;; observation | observe(_:) | moderate | observe
        token = realm.objects(Note.self).observe { _ in }
    }

    func stop() {
        // The token is declared in another file of the module.
        // expect: observation | NotificationToken.invalidate() | trivial | invalidate
        token?.invalidate()
        // expect: query | filter(_:) | moderate | filter
        _ = results?.filter("done == false").count
    }
}
