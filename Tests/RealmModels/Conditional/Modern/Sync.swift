import RealmSwift

#if FEATURE_SYNC
    /// Exists only in builds with sync.
    final class SyncToken: Object {
        @Persisted(primaryKey: true) var token: String
        @Persisted var scope: SyncScope
        #if DEBUG
            @Persisted var issuedBy: String
            #if FEATURE_UUID_KEYS
                @Persisted var issuerID: UUID?
            #endif
        #endif
        @Persisted(originProperty: "syncTokens") var accounts: LinkingObjects<Account>
    }

    enum SyncScope: Int, PersistableEnum {
        case read, write
    }
#endif
