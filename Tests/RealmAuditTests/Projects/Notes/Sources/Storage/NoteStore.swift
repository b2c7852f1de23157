import RealmSwift

/// Runs blocks on the store's Realm.
open class NoteStore {
    public init() {}

    public func perform(_ block: (Realm) -> Void) {
        block(Current.realm())
    }

    public func rename(_ note: Note, to text: String) async throws -> Note {
        note
    }

    public func find(_ id: String) -> Note? {
        nil
    }

    /// An overload with another result: a call's labels say which one it is.
    public func rename(id: String, to text: String) -> Bool {
        false
    }
}

/// Observes something; subclasses stop it.
open class ObservingController {
    // expect: observation | NotificationToken | moderate | NotificationToken
    public var notesToken: NotificationToken?
    public init() {}
}
