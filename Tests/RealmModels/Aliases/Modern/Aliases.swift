import Foundation
import RealmSwift

// Aliases a project declares away from its models.
typealias Identifier = String
typealias Tags = List<String>
typealias Owner = Person
typealias Keyed<Value> = Map<String, Value>
typealias Stamp = Moment
typealias Moment = Date

enum Catalog {
    typealias Code = Int16
}
