import Foundation

// No Realm import: nothing here is Realm's, whatever it looks like.
final class Dog: Object {
    @Persisted var name: String
}

func open() throws {
    let realm = try Realm()
    try realm.write { realm.add(Dog()) }
    let dogs = realm.objects(Dog.self).filter("age > 3")
    token = dogs.observe { _ in }
}
