import Models
import RealmSwift

final class MockAccount: Object {
    @Persisted var email: String
}
