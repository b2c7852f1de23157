import Foundation
import RealmSwift

enum Storage {
    static func open(key: Data, url: URL) throws -> Realm {
        var config = Realm.Configuration(  // expect: configuration | Realm.Configuration | trivial | Realm
            fileURL: url,  // expect: configuration | fileURL | trivial | fileURL
            encryptionKey: key,  // expect: encryption | encryptionKey | hard | encryptionKey
            readOnly: false,  // expect: configuration | readOnly | trivial | readOnly
            schemaVersion: 3,  // expect: schema-migration | schemaVersion | moderate | schemaVersion
            migrationBlock: { migration, oldVersion in  // expect: schema-migration | migrationBlock | hard | migrationBlock
                if oldVersion < 2 {
                    migration.enumerateObjects(ofType: Dog.className()) { old, new in  // expect: schema-migration | enumerateObjects(ofType:_:) | hard | enumerateObjects
                        new?["name"] = old?["title"]
                    }
                    migration.renameProperty(onType: "Dog", from: "title", to: "name")  // expect: schema-migration | renameProperty(onType:from:to:) | trivial | renameProperty
                    migration.deleteData(forType: "Cat")  // expect: schema-migration | deleteData(forType:) | hard | deleteData
                }
            },
            deleteRealmIfMigrationNeeded: false,  // expect: schema-migration | deleteRealmIfMigrationNeeded | moderate | deleteRealmIfMigrationNeeded
            objectTypes: [Dog.self]  // expect: configuration | objectTypes | trivial | objectTypes
        )
        config.fileURL = url.appendingPathComponent("dogs.realm")  // expect: configuration | fileURL | trivial | fileURL
        config.inMemoryIdentifier = nil  // expect: configuration | inMemoryIdentifier | trivial | inMemoryIdentifier
        Realm.Configuration.defaultConfiguration = config  // expect: configuration | Realm.Configuration.defaultConfiguration | trivial | Realm
        _ = try Realm()  // expect: realm-open | Realm() | trivial | Realm
        _ = try Realm(fileURL: url)  // expect: realm-open | Realm(fileURL:) | trivial | Realm
        return try Realm(configuration: config)  // expect: realm-open | Realm(configuration:) | trivial | Realm
    }
}
