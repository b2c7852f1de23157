import RealmSwift
import SwiftUI

let app = App(id: "dogs-abcde")  // expect: sync | App(id:) | hard | App

struct SyncedDogsView: View {
    @AutoOpen(appId: "dogs-abcde", timeout: 4000) var autoOpen  // expect: sync | @AutoOpen | hard | @
    @AsyncOpen(appId: "dogs-abcde", timeout: 4000) var asyncOpen  // expect: sync | @AsyncOpen | hard | @
    var body: some View { Text("dogs") }
}

func connect() async throws {
    let user = try await app.login(credentials: .anonymous)  // expect: sync | login(credentials:) | hard | login
    var config = user.flexibleSyncConfiguration()  // expect: sync | flexibleSyncConfiguration() | hard | flexibleSyncConfiguration
    config.objectTypes = [Dog.self]  // expect: configuration | objectTypes | trivial | objectTypes
    let partitioned = user.configuration(partitionValue: "team")  // expect: sync | configuration(partitionValue:) | hard | configuration
    let realm = try await Realm(configuration: config)  // expect: realm-open | Realm(configuration:) | trivial | Realm
    try await realm.subscriptions.update {  // expect: sync | subscriptions | hard | subscriptions
        realm.subscriptions.append(QuerySubscription<Dog>(name: "all"))  // expect: sync | subscriptions | hard | subscriptions
    }
    realm.syncSession?.suspend()  // expect: sync | SyncSession | hard | syncSession
    let session: SyncSession? = realm.syncSession  // expect: sync | SyncSession | hard | SyncSession ;; sync | SyncSession | hard | syncSession
    let sync: SyncConfiguration? = partitioned.syncConfiguration  // expect: sync | SyncConfiguration | hard | SyncConfiguration ;; sync | SyncConfiguration | hard | syncConfiguration
    _ = try await user.functions.sum([1, 2])  // expect: sync | functions | hard | functions
    print(session as Any, sync as Any)
}
