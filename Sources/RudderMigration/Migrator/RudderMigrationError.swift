/// Why a migration run failed. Nothing is marked as migrated when one of these is thrown, so the next run tries again.
///
/// Separate from ``FileAccessError``, which belongs to the injectable ``FileAccess`` layer (any implementation throws
/// it) and reaches callers of `migrate()` when the destination cannot be read or written, while this type covers
/// what the migrator itself finds wrong with the data.
public enum RudderMigrationError: Error, Sendable, Equatable, CustomStringConvertible {
    /// A store's file opened but is not a property list with a dictionary at the top.
    case corruptStore(path: String, reason: String)
    /// A property list could not be encoded for writing.
    case cannotEncode(path: String, reason: String)
    /// The destination store cannot be used (e.g. an invalid suite name, or no bundle identifier).
    case destinationUnavailable(reason: String)
    /// A value written to the destination did not read back as written.
    case verificationFailed(key: String, expected: String, found: String)

    public var description: String {
        switch self {
        case .corruptStore(let path, let reason): "\(path): corrupt property list: \(reason)"
        case .cannotEncode(let path, let reason): "\(path): cannot encode property list: \(reason)"
        case .destinationUnavailable(let reason): "destination unavailable: \(reason)"
        case .verificationFailed(let key, let expected, let found):
            "destination key '\(key)' reads back as \(found), expected \(expected)"
        }
    }
}
