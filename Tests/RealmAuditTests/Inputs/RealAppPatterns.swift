import Foundation
import RealmSwift

/// Patterns the real apps showed (see ../RealApps.md), in our own code.
actor BackgroundStore {
    var realm: Realm!
    var digests: List<Dog>?

    func setUp() async throws {
        // expect: threading | Realm(actor:) | moderate | Realm
        realm = try await Realm(actor: self)
    }

    // expect: query | Results | trivial | Results
    func recent(keyword: String) -> Results<Dog> {
        let condition = "name CONTAINS[c] '\(keyword)'"
        // expect: query | objects(_:) | moderate | objects
        return realm.objects(Dog.self)
            .filter("\(condition) AND age > %@", 3)
            .sorted(byKeyPath: #keyPath(Dog.name), ascending: false)
    }

    func named() -> [Dog] {
        Array(
            // expect: query | objects(_:) | moderate | objects
            realm.objects(Dog.self).where {
                $0.age > 1
            }.sorted(byKeyPath: "name"))
    }

    // expect: query | Results | trivial | Results
    func optionalChain() -> Results<Dog>? {
        // expect: query | filter(_:) | moderate | filter
        digests?.filter("age == %@", 2)
            .sorted(by: \.name, ascending: true)
    }

    func frozen() -> [Dog] {
        // expect: query | objects(_:) | moderate | objects
        let live = realm.objects(Dog.self).where { $0.age > 2 }
            // expect: threading | freeze() | moderate | freeze
            .freeze()
        return Array(live)
    }

    // expect: observation | NotificationToken | moderate | NotificationToken ;; query | Results | trivial | Results
    func watch(_ dogs: Results<Dog>) async -> NotificationToken {
        // expect: observation | observe(_:) | moderate | observe
        await dogs.observe(on: self) { _, changes in print(changes) }
    }

    func locate(_ localRealm: Realm) {
        // expect: configuration | fileURL | trivial | fileURL
        print(localRealm.configuration.fileURL as Any)
    }
}

/// A data access object of the app's own: its `write(entities:)` and `delete(a:)` are not Realm's.
struct EntityStore {
    func write(entities: [String]) {}
    func delete(a: String, completion: (() -> Void)?) {}
}

func persist(store: EntityStore, headers: inout [String: String], keychain: Keychain, data: Data, url: URL) throws {
    store.write(entities: ["a"])
    store.delete(a: "a", completion: nil)
    keychain.delete("token")
    try data.write(to: url)
    RunLoop.current.add(Port(), forMode: .common)
}
