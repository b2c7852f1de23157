/// Why a run of ``RealmToSwiftDataMigration`` ended with ``RealmToSwiftDataOutcome/deferred(reason:)``: nothing more
/// was written, and a later run continues (or starts) the migration.
public enum RealmToSwiftDataDeferral: Sendable, Hashable, Codable, CustomStringConvertible {
    /// The Realm file exists but cannot be read yet (for example before the device's first unlock, when data
    /// protection keeps it closed). Retry when protected data becomes available.
    case notReadableYet(String)
    /// The store's volume has less free space than the migration needs (before the first write), or than the next
    /// batch needs with the margin (between batches: the saved batches stay, the next run continues). Show the
    /// user how much space to free (`neededBytes - availableBytes`) and retry on a later launch.
    case insufficientStorage(neededBytes: Int64, availableBytes: Int64)

    public var description: String {
        switch self {
        case .notReadableYet(let reason): reason
        case .insufficientStorage(let needed, let available):
            "not enough free space for the store: \(needed) bytes needed, \(available) available"
        }
    }
}
