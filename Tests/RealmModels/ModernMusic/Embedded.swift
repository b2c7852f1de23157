import RealmSwift

class Artwork: EmbeddedObject {
    @Persisted var url: String
    @Persisted var width: Int = 1024
    @Persisted var height: Int = 1024
    @Persisted var palette: List<String>
}

class Credit: EmbeddedObject {
    @Persisted var role: String
    @Persisted var person: String
    @Persisted var share: Double?
}

/// Written on the device, synced to the server, never read back.
class PlaybackEvent: AsymmetricObject {
    @Persisted(primaryKey: true) var _id: ObjectId
    @Persisted var trackId: String
    @Persisted var at: Date
    @Persisted var position: Double
}
