import Foundation
import RealmSwift

// expect: model | Object subclass | trivial | class
final class Dog: Object {
    // expect: model | @Persisted | trivial | @Persisted
    @Persisted(primaryKey: true) var id: ObjectId
    // expect: model | @Persisted | trivial | @Persisted
    @Persisted(indexed: true) var name: String
    // expect: model | @Persisted | trivial | @Persisted
    @Persisted var toys: List<Toy>
    // expect: model | @Persisted | trivial | @Persisted
    @Persisted(originProperty: "dogs") var owners: LinkingObjects<Person>
    var nickname: String { name.uppercased() }
    static let shared = 1
}

// expect: model | EmbeddedObject subclass | trivial | class
class Toy: EmbeddedObject {
    // expect: model | @Persisted | trivial | @Persisted
    @Persisted var label = ""
}

// expect: model | AsymmetricObject subclass | hard | class
class Reading: AsymmetricObject {
    // expect: model | @Persisted | trivial | @Persisted
    @Persisted var value: Double
}

// expect: model | Object subclass | trivial | class
class Person: RealmSwift.Object {
    // expect: model | @objc dynamic | trivial | @objc
    @objc dynamic var name = ""
    // expect: model | List | trivial | let
    let dogs = List<Dog>()
    // expect: model | MutableSet | trivial | let
    let tags = RealmSwift.MutableSet<String>()
    // expect: model | Map | trivial | let
    let scores = Map<String, Int>()
    // expect: model | LinkingObjects | trivial | let
    let parents = LinkingObjects(fromType: Person.self, property: "children")
    // expect: model | RealmProperty | trivial | let
    let age = RealmProperty<Int?>()
    // expect: model | RealmOptional | trivial | let
    let weight = RealmOptional<Double>()

    override static func primaryKey() -> String? { "name" }
}

class PersonCell: NSObject {
    @objc dynamic var title = ""
}
