import RealmSwift

final class OldNote: Object {
    @Persisted var text: String
}
