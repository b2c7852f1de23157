import Foundation
import RealmSwift

final class Person: Object {
    @Persisted var fullName: String
    @Persisted var age: Int

    var initials: String { fullName.split(separator: " ").compactMap(\.first).map(String.init).joined() }
}
