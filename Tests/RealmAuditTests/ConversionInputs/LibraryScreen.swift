// Queries on the main thread, with literal arguments (written for the audit's conversion tests).
import RealmSwift

final class LibraryScreen {
    let realm = try! Realm()

    func load() {
        let popular = realm.objects(RealmSong.self).filter("plays >= %@ AND rating != nil", 100)
            .sorted(byKeyPath: "title")
        let byArtist = realm.objects(RealmSong.self)
            .filter("artist.name BEGINSWITH 'The' AND artist.isDeleted == false")
        let tagged = realm.objects(RealmSong.self).where { $0.tags.contains("live") && $0.plays > 10 }.count
        let first = realm.objects(RealmArtist.self).sorted(byKeyPath: "name", ascending: false).first
        let song = realm.object(ofType: RealmSong.self, forPrimaryKey: "s-1")
        let shouty = realm.objects(RealmArtist.self).filter("name ENDSWITH '!'")
        print(popular, byArtist, tagged, first as Any, song as Any, shouty)
    }
}
