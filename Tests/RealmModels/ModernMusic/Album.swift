import Foundation
import RealmSwift

class Album: Object {
    @Persisted(primaryKey: true) var id: UUID
    @Persisted var title: String
    @Persisted var releaseDate: Date?
    @Persisted var tracks: List<Track>
    @Persisted(originProperty: "albums") var artists: LinkingObjects<Artist>
    @Persisted var cover: Artwork?
    @Persisted var credits: List<Credit>
    @Persisted var extras: AnyRealmValue
    @Persisted var tags: List<String?>
    @Persisted var playCounts: Map<String, Int?>
    @Persisted var mood: Mood?
}

extension Album {
    var trackCount: Int { tracks.count }

    /// Watches the title; the caller keeps the token.
    func observeTitle(_ onChange: @escaping (String) -> Void) -> NotificationToken {
        observe(keyPaths: ["title"]) { change in
            if case .change(let object, _) = change, let album = object as? Album { onChange(album.title) }
        }
    }

    subscript(trackAt index: Int) -> Track? {
        index < tracks.count ? tracks[index] : nil
    }
}

enum Mood: Int, PersistableEnum {
    case calm = 1
    case upbeat
    case intense
}
