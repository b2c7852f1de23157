import PhotosCore
import RealmSwift

final class Album: Object {
    @Persisted(primaryKey: true) var name: String
    @Persisted var settings: PhotoSyncSettings?
}
