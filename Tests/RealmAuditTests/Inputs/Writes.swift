import RealmSwift

func save(_ dog: Dog, in realm: Realm) throws {
    // expect: write | write(_:) | trivial | write
    try realm.write {
        // expect: write | add(_:update:) | trivial | add
        realm.add(dog)
        // expect: write | add(_:update:) | moderate | add
        realm.add(dog, update: .modified)
        // expect: write | create(_:value:update:) | moderate | create
        realm.create(Dog.self, value: ["name": "Rex"])
        // expect: write | delete(_:) | trivial | delete
        realm.delete(dog.toys)
    }
    // expect: write | writeAsync(_:onComplete:) | moderate | writeAsync
    realm.writeAsync {
        // expect: write | deleteAll() | trivial | deleteAll
        realm.deleteAll()
    }
    // expect: write | beginWrite() | trivial | beginWrite
    realm.beginWrite()
    dog.name = "Rex"
    // expect: write | commitWrite() | trivial | commitWrite
    try realm.commitWrite()
    // expect: write | beginWrite() | trivial | beginWrite
    realm.beginWrite()
    // expect: write | cancelWrite() | trivial | cancelWrite
    realm.cancelWrite()
}

@MainActor
func rename(_ dog: Dog, in realm: Realm) async throws {
    // expect: write | asyncWrite(_:) | moderate | asyncWrite
    try await realm.asyncWrite {
        dog.name = "Rex"
    }
}
