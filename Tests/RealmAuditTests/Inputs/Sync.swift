import RealmSwift
import SwiftUI

// expect: sync | App(id:) | hard | App
let app = App(id: "dogs-abcde")

struct SyncedDogsView: View {
    // expect: sync | @AutoOpen | hard | @
    @AutoOpen(appId: "dogs-abcde", timeout: 4000) var autoOpen
    // expect: sync | @AsyncOpen | hard | @
    @AsyncOpen(appId: "dogs-abcde", timeout: 4000) var asyncOpen
    var body: some View { Text("dogs") }
}

func connect() async throws {
    // expect: sync | login(credentials:) | hard | login
    let user = try await app.login(credentials: .anonymous)
    // expect: sync | flexibleSyncConfiguration() | hard | flexibleSyncConfiguration
    var config = user.flexibleSyncConfiguration()
    // expect: configuration | objectTypes | trivial | objectTypes
    config.objectTypes = [Dog.self]
    // expect: sync | configuration(partitionValue:) | hard | configuration
    let partitioned = user.configuration(partitionValue: "team")
    // expect: realm-open | Realm(configuration:) | trivial | Realm
    let realm = try await Realm(configuration: config)
    // expect: sync | subscriptions | hard | subscriptions
    try await realm.subscriptions.update {
        // expect: sync | subscriptions | hard | subscriptions
        realm.subscriptions.append(QuerySubscription<Dog>(name: "all"))
    }
    // expect: sync | SyncSession | hard | syncSession
    realm.syncSession?.suspend()
    // expect: sync | SyncSession | hard | SyncSession ;; sync | SyncSession | hard | syncSession
    let session: SyncSession? = realm.syncSession
    // expect: sync | SyncConfiguration | hard | SyncConfiguration ;; sync | SyncConfiguration | hard | syncConfiguration
    let sync: SyncConfiguration? = partitioned.syncConfiguration
    // expect: sync | functions | hard | functions
    _ = try await user.functions.sum([1, 2])
    // expect: sync | currentUser | hard | currentUser
    if let current = app.currentUser {
        // expect: sync | logOut() | hard | logOut
        try await current.logOut()
    }
    // expect: sync | syncManager | hard | syncManager
    app.syncManager.errorHandler = { error, _ in print(error) }
    print(session as Any, sync as Any)
}

final class SyncErrors {
    init(app: RealmSwift.App, user: RealmSwift.User) {
        // expect: sync | syncManager | hard | syncManager
        app.syncManager.errorHandler = { error, _ in print(error) }
        // expect: sync | functions | hard | functions
        print(user.functions)
    }
}
