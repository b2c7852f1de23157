import Foundation
import RealmSwift

class Dog: Object {
    @Persisted var name: String
}

class Person: Object {
    @Persisted(primaryKey: true) var id: Int
    @Persisted var name: String
    @Persisted var age: Int = 18
    @Persisted var nick: String = "new"
    @Persisted var active: Bool = true
    @Persisted var score: Double = 1.5
    @Persisted var ratio: Float = 0.5
    @Persisted var born: Date
    @Persisted var photo: Data
    @Persisted var oid: ObjectId
    @Persisted var uid: UUID
    @Persisted var amount: Decimal128
    @Persisted var email: String?
    @Persisted var rank: Int?
    @Persisted var best: Dog?
    @Persisted var tags: List<String>
    @Persisted var nums: MutableSet<Int>
    @Persisted var props: Map<String, String>
    @Persisted var friends: List<Dog>
}
