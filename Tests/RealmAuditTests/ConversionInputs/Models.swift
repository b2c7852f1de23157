// A small app's Realm models (written for the audit's conversion tests).
import RealmSwift

class RealmArtist: Object {
    @Persisted(primaryKey: true) var id: String
    @Persisted var name: String = ""
    @Persisted var isDeleted: Bool = false
}

class RealmSong: Object {
    @Persisted(primaryKey: true) var id: String
    @Persisted var title: String = ""
    @Persisted var plays: Int = 0
    @Persisted var rating: Double?
    @Persisted var artist: RealmArtist?
    @Persisted var tags: List<String>
}
