// The guide's background pattern (written for the audit's conversion tests).
import Foundation
import RealmSwift

final class RealmSyncService {
    func importSongs(_ songs: [RealmSong]) {
        DispatchQueue.global().async {
            let realm = try! Realm()
            try! realm.write {
                for song in songs { realm.add(song, update: .modified) }
            }
        }
    }

    func purgeArtist(id: String) {
        DispatchQueue.global(qos: .utility).async {
            let realm = try! Realm()
            if let artist = realm.object(ofType: RealmArtist.self, forPrimaryKey: id) {
                try! realm.write { realm.delete(artist) }
            }
        }
    }
}
