import Foundation
import RealmSwift

@objc(Walker)
final class Walker: Object {
    @Persisted(primaryKey: true) var id: UUID
    @Persisted var name: String
    @Persisted var pets: List<Pet>
    @Persisted var current: Pet?
}
