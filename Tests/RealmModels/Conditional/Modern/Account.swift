import Foundation
import RealmSwift

/// An account whose key type, sync data and platform extras depend on the build.
final class Account: Object {
    #if FEATURE_UUID_KEYS
        @Persisted(primaryKey: true) var id: UUID
    #else
        @Persisted(primaryKey: true) var id: Int
    #endif
    @Persisted var name: String
    @Persisted var profile: Profile?
    #if FEATURE_SYNC
        @Persisted var syncTokens: List<SyncToken>
        @Persisted(indexed: true) var syncedAt: Date?
    #endif
    #if canImport(UIKit)
        @Persisted var avatarScale: Double
    #elseif os(macOS)
        @Persisted var dockBadge: Int
    #elseif os(iOS) && DEBUG
        @Persisted var debugBanner: String
    #else
        @Persisted var theme: Theme
    #endif

    var displayName: String { name.isEmpty ? "Anonymous" : name }
}

/// Stored inline in its account; one field only in builds with sync.
final class Profile: EmbeddedObject {
    @Persisted var bio: String
    #if FEATURE_SYNC
        @Persisted var remoteID: String?
    #endif
}

enum Theme: String, PersistableEnum {
    case light, dark
}
