import Foundation
import RealmSwift

final class Person: Object {
    @Persisted(primaryKey: true) var id: Identifier
    @Persisted var name: String
}

final class Book: Object {
    /// Nested in the model: a list of models.
    typealias Shelf = List<Owner>

    @Persisted(primaryKey: true) var isbn: Identifier
    @Persisted var tags: Tags
    @Persisted var owner: Owner?
    @Persisted var readers: Shelf
    @Persisted var ratings: Keyed<Int>
    @Persisted var notes: Keyed<Identifier?>
    @Persisted var addedAt: Stamp
    @Persisted var code: Catalog.Code
    @Persisted(originProperty: "favorite") var fans: LinkingObjects<Reader>
}

final class Reader: Object {
    @Persisted var favorite: Book?
}
