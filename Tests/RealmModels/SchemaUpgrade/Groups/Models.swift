import RealmSwift

final class Group: Object {
    @Persisted var title: String
}

final class Person: Object {
    @Persisted var name: String
    @Persisted var age: Int
    @Persisted var group: Group?
}
