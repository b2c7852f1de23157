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
        // An assignment later in the scope declares nothing: `token` above is still the token.
        token = results?
            // expect: observation | observe(_:) | moderate | observe
            .observe { _ in }
        // expect: query | filter(_:) | moderate | filter
        _ = results?.filter("done == false").count
    }
}

extension Results {
    /// The app's own filter over several predicates: a method of its own, not Realm's `filter(_:)`.
    // expect: query | Results | trivial | Results
    func filter(anyOf predicates: [NSPredicate]) -> Results<Element> {
        // `filter` on `self`, a Realm collection.
        // expect: query | filter(_:) | moderate | filter
        filter(NSCompoundPredicate(orPredicateWithSubpredicates: predicates))
    }
}

extension NotesList {
    func anyOf(_ predicates: [NSPredicate]) -> Int {
        results?.filter(anyOf: predicates).count ?? 0
    }
}
