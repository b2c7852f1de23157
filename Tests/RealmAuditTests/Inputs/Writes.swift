import RealmSwift

func save(_ dog: Dog, in realm: Realm) throws {
    try realm.write {  // expect: write | write(_:) | trivial | write
        realm.add(dog)  // expect: write | add(_:update:) | trivial | add
        realm.add(dog, update: .modified)  // expect: write | add(_:update:) | moderate | add
        realm.create(Dog.self, value: ["name": "Rex"])  // expect: write | create(_:value:update:) | moderate | create
        realm.delete(dog.toys)  // expect: write | delete(_:) | trivial | delete
    }
    realm.writeAsync {  // expect: write | writeAsync(_:onComplete:) | moderate | writeAsync
        realm.deleteAll()  // expect: write | deleteAll() | trivial | deleteAll
    }
    realm.beginWrite()  // expect: write | beginWrite() | trivial | beginWrite
    dog.name = "Rex"
    try realm.commitWrite()  // expect: write | commitWrite() | trivial | commitWrite
    realm.beginWrite()  // expect: write | beginWrite() | trivial | beginWrite
    realm.cancelWrite()  // expect: write | cancelWrite() | trivial | cancelWrite
}
