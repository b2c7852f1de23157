import RealmSwift

public final class PhotoSyncSettings: Object {
    @Persisted(primaryKey: true) public var id: Int
    @Persisted public var lastSync = Constants.yearOneDate
}
