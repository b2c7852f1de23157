import RealmSwift

/// Runs blocks on the store's Realm.
open class NoteStore {
    public init() {}

    public func perform(_ block: (Realm) -> Void) {
        block(Current.realm())
    }
}

/// Observes something; subclasses stop it.
open class ObservingController {
    // expect: observation | NotificationToken | moderate | NotificationToken
    public var notesToken: NotificationToken?
    public init() {}
}
