import Foundation
import RealmSwift

class RealmDataManager {
    @ThreadSafe var current: Dog?  // expect: threading | @ThreadSafe | moderate | @

    func fetchTracksOnBackground() {
        DispatchQueue.global().async {
            let realm = try! Realm()  // expect: threading | Realm() inside DispatchQueue.async | moderate | Realm
            let tracks = realm.objects(Dog.self)  // expect: query | objects(_:) | trivial | objects
            print(tracks.count)
        }
    }

    func saveTrackOnBackground(_ track: Dog) {
        DispatchQueue(label: "save", qos: .utility).async(execute: {
            let realm = try! Realm(configuration: .defaultConfiguration)  // expect: threading | Realm() inside DispatchQueue.async | moderate | Realm
            try! realm.write {  // expect: write | write(_:) | trivial | write
                realm.add(track)  // expect: write | add(_:update:) | trivial | add
            }
        })
    }

    func handOff(_ dog: Dog, realm: Realm) {
        let reference = ThreadSafeReference(to: dog)  // expect: threading | ThreadSafeReference | moderate | ThreadSafeReference
        let frozen = dog.freeze()  // expect: threading | freeze() | moderate | freeze
        let live = frozen.thaw()  // expect: threading | thaw() | moderate | thaw
        let resolved = realm.resolve(reference)  // expect: threading | resolve(_:) | moderate | resolve(reference
        print(live as Any, resolved as Any)
    }

    func open(queue: DispatchQueue) async throws {
        let queued = try Realm(queue: queue)  // expect: threading | Realm(queue:) | moderate | Realm
        let actorRealm = try await Realm(actor: MainActor.shared)  // expect: threading | Realm(actor:) | moderate | Realm(actor
        Realm.asyncOpen { result in print(result) }  // expect: threading | Realm.asyncOpen | moderate | Realm
        print(queued, actorRealm)
    }
}
