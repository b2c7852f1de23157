import RealmSwift

final class Folder: Record {
    @Persisted var name: String
    @Persisted var parent: Folder?
    @Persisted(originProperty: "folder") var messages: LinkingObjects<Message>
}

#if canImport(UIKit)
    /// Exists only where UIKit does.
    final class FolderIcon: Object {
        @Persisted(primaryKey: true) var symbol: String
        @Persisted var tint: String?
    }
#endif
