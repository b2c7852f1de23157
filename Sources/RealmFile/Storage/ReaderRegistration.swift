/// A reader of a `ByteStorage` for as long as this object lives: `beginReading()` on creation, `endReading()`
/// when released. A `StoredObjectCursor` holds one, so that no other reader releases pages under it.
final class ReaderRegistration {
    private let storage: any ByteStorage

    init(_ storage: any ByteStorage) {
        self.storage = storage
        storage.beginReading()
    }

    deinit { storage.endReading() }
}
