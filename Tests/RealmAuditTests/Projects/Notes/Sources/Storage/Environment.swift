import Foundation
import RealmSwift

/// The app's dependencies, swapped in tests.
// swift-format-ignore: AlwaysUseLowerCamelCase
public var Current = Environment()

public struct Environment {
    // expect: realm-open | Realm() | trivial | Realm()
    public var realm: () -> Realm = { try! Realm() }
    public var clock: () -> Date = Date.init

    public func realm(objectTypes: [ObjectBase.Type]) -> Realm {
        // expect: realm-open | Realm(configuration:) | trivial | Realm( ;; configuration | Realm.Configuration | trivial | Realm.Configuration ;; configuration | objectTypes | trivial | objectTypes
        try! Realm(configuration: Realm.Configuration(objectTypes: objectTypes))
    }
}

public var defaultRealm: Realm!
