import Foundation
import RealmSwift

class RealmDataManager {
    // expect: threading | @ThreadSafe | moderate | @
    @ThreadSafe var current: Dog?

    func fetchTracksOnBackground() {
        DispatchQueue.global().async {
            // expect: threading | Realm() inside DispatchQueue.async | moderate | Realm ;; realm-open | Realm() | trivial | Realm
            let realm = try! Realm()
            // expect: query | objects(_:) | trivial | objects
            let tracks = realm.objects(Dog.self)
            print(tracks.count)
        }
    }

    func saveTrackOnBackground(_ track: Dog) {
        DispatchQueue(label: "save", qos: .utility).async(execute: {
            // expect: threading | Realm() inside DispatchQueue.async | moderate | Realm ;; realm-open | Realm(configuration:) | trivial | Realm
            let realm = try! Realm(configuration: .defaultConfiguration)
            // expect: write | write(_:) | trivial | write
            try! realm.write {
                // expect: write | add(_:update:) | trivial | add
                realm.add(track)
            }
        })
    }

    func handOff(_ dog: Dog, realm: Realm) {
        // expect: threading | ThreadSafeReference | moderate | ThreadSafeReference
        let reference = ThreadSafeReference(to: dog)
        // expect: threading | freeze() | moderate | freeze
        let frozen = dog.freeze()
        // expect: threading | thaw() | moderate | thaw
        let live = frozen.thaw()
        // expect: threading | resolve(_:) | moderate | resolve(reference
        let resolved = realm.resolve(reference)
        print(live as Any, resolved as Any)
    }

    func open(queue: DispatchQueue) async throws {
        // expect: threading | Realm(queue:) | moderate | Realm
        let queued = try Realm(queue: queue)
        // expect: threading | Realm(actor:) | moderate | Realm(actor
        let actorRealm = try await Realm(actor: MainActor.shared)
        // expect: threading | Realm.asyncOpen | moderate | Realm
        Realm.asyncOpen { result in print(result) }
        print(queued, actorRealm)
    }
}

final class MainQueueReader {
    func reload() {
        DispatchQueue.main.async {
            // expect: realm-open | Realm() | trivial | Realm
            let realm = try! Realm()
            print(realm.isEmpty)
        }
    }
}
