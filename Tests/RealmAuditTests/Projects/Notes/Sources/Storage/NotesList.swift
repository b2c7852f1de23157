import RealmSwift

final class NotesList {
    // expect: observation | NotificationToken | moderate | NotificationToken
    var token: NotificationToken?
    // expect: query | Results | trivial | Results
    var results: Results<Note>?
}
