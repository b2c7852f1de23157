import Models
import RealmSwift

/// A model of the feature module: `Account` alone would be the feature's own struct, so the link names its module.
public final class Favorite: Object {
    @Persisted public var title: String
    @Persisted public var account: Models.Account?
}
