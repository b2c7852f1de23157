import Foundation
import RealmSwift

enum Storage {
    static func open(key: Data, url: URL) throws -> Realm {
        // expect: configuration | Realm.Configuration | trivial | Realm
        var config = Realm.Configuration(
            // expect: configuration | fileURL | trivial | fileURL
            fileURL: url,
            // expect: encryption | encryptionKey | hard | encryptionKey
            encryptionKey: key,
            // expect: configuration | readOnly | trivial | readOnly
            readOnly: false,
            // expect: schema-migration | schemaVersion | moderate | schemaVersion
            schemaVersion: 3,
            // expect: schema-migration | migrationBlock | moderate | migrationBlock
            migrationBlock: { migration, oldVersion in
                if oldVersion < 2 {
                    // expect: schema-migration | enumerateObjects(ofType:_:) | moderate | enumerateObjects
                    migration.enumerateObjects(ofType: Dog.className()) { old, new in
                        new?["name"] = old?["title"]
                    }
                    // expect: schema-migration | renameProperty(onType:from:to:) | trivial | renameProperty
                    migration.renameProperty(onType: "Dog", from: "title", to: "name")
                    // expect: schema-migration | deleteData(forType:) | moderate | deleteData
                    migration.deleteData(forType: "Cat")
                    // expect: schema-migration | Migration.create(_:value:) / delete(_:) | moderate | create
                    migration.create("Dog", value: ["name": "Rex"])
                }
            },
            // expect: schema-migration | deleteRealmIfMigrationNeeded | moderate | deleteRealmIfMigrationNeeded
            deleteRealmIfMigrationNeeded: false,
            // expect: configuration | objectTypes | trivial | objectTypes
            objectTypes: [Dog.self]
        )
        // expect: configuration | fileURL | trivial | fileURL
        config.fileURL = url.appendingPathComponent("dogs.realm")
        // expect: configuration | inMemoryIdentifier | trivial | inMemoryIdentifier
        config.inMemoryIdentifier = nil
        // expect: configuration | Realm.Configuration.defaultConfiguration | trivial | Realm
        Realm.Configuration.defaultConfiguration = config
        // expect: realm-open | Realm() | trivial | Realm
        _ = try Realm()
        // expect: realm-open | Realm(fileURL:) | trivial | Realm
        _ = try Realm(fileURL: url)
        // expect: realm-open | Realm(configuration:) | trivial | Realm
        return try Realm(configuration: config)
    }
}

/// The Objective-C API's configuration, still in shipped apps' tests: typed by its initializer.
func useInMemoryObjectiveCRealm() {
    let settings = RLMRealmConfiguration()
    // expect: configuration | inMemoryIdentifier | trivial | inMemoryIdentifier
    settings.inMemoryIdentifier = "test"
    RLMRealmConfiguration.setDefault(settings)
}
