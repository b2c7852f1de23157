import Foundation
import RealmSwift

final class Dog: Object {  // expect: model | Object subclass | trivial | class
    @Persisted(primaryKey: true) var id: ObjectId  // expect: model | @Persisted | trivial | @Persisted
    @Persisted(indexed: true) var name: String  // expect: model | @Persisted | trivial | @Persisted
    @Persisted var toys: List<Toy>  // expect: model | @Persisted | trivial | @Persisted
    @Persisted(originProperty: "dogs") var owners: LinkingObjects<Person>  // expect: model | @Persisted | trivial | @Persisted
    var nickname: String { name.uppercased() }
    static let shared = 1
}

class Toy: EmbeddedObject {  // expect: model | EmbeddedObject subclass | trivial | class
    @Persisted var label = ""  // expect: model | @Persisted | trivial | @Persisted
}

class Reading: AsymmetricObject {  // expect: model | AsymmetricObject subclass | hard | class
    @Persisted var value: Double  // expect: model | @Persisted | trivial | @Persisted
}

class Person: RealmSwift.Object {  // expect: model | Object subclass | trivial | class
    @objc dynamic var name = ""  // expect: model | @objc dynamic | trivial | @objc
    let dogs = List<Dog>()  // expect: model | List | trivial | let
    let tags = RealmSwift.MutableSet<String>()  // expect: model | MutableSet | trivial | let
    let scores = Map<String, Int>()  // expect: model | Map | trivial | let
    let parents = LinkingObjects(fromType: Person.self, property: "children")  // expect: model | LinkingObjects | trivial | let
    let age = RealmProperty<Int?>()  // expect: model | RealmProperty | trivial | let
    let weight = RealmOptional<Double>()  // expect: model | RealmOptional | trivial | let

    override static func primaryKey() -> String? { "name" }
}

class PersonCell: NSObject {
    @objc dynamic var title = ""
}
