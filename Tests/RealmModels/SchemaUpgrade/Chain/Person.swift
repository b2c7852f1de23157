import RealmSwift

class Person: Object {
    @Persisted var fullName = ""
    @Persisted var age = 0
    @Persisted var birthYear = 0
}
