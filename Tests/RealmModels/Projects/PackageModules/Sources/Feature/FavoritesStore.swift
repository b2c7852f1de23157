import Models

/// Uses Realm through `Models`' re-export, with no import of its own.
public enum FavoritesStore {
    public static func count() -> Int {
        guard let realm = try? Realm() else { return 0 }
        return realm.objects(Favorite.self).count
    }
}
