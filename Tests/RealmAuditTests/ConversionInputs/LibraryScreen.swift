// Queries on the main thread, with literal arguments (written for the audit's conversion tests).
import RealmSwift

final class LibraryScreen {
    let realm = try! Realm()
    var songs: Results<RealmSong>?

    func load() {
        let popular = realm.objects(RealmSong.self).filter("plays >= %@ AND rating != nil", 100)
            .sorted(byKeyPath: "title")
        let byArtist = realm.objects(RealmSong.self)
            .filter("artist.name BEGINSWITH 'The' AND artist.isDeleted == false")
        let tagged = realm.objects(RealmSong.self).where { $0.tags.contains("live") && $0.plays > 10 }.count
        let first = realm.objects(RealmArtist.self).sorted(byKeyPath: "name", ascending: false).first
        let song = realm.object(ofType: RealmSong.self, forPrimaryKey: "s-1")
        let shouty = realm.objects(RealmArtist.self).filter("name ENDSWITH '!'")
        let artists = realm.objects(RealmArtist.self)
        let named = artists.filter("name == 'Nina'").first
        let replayed = songs?.where { $0.plays > 5 }.count
        print(popular, byArtist, tagged, first as Any, song as Any, shouty, named as Any, replayed as Any)
    }
}
