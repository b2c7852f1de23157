import RealmSwift

class Address: EmbeddedObject {
    @Persisted var street: String
    @Persisted var city: String
}

class Person: Object {
    @Persisted var name: String
    @Persisted var address: Address?
}
