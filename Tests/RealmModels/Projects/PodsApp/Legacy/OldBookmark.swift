import RealmSwift

/// In the project's folder, in no target and no pod: converted anyway, reported.
final class OldBookmark: Object {
    @Persisted var url: String
}
