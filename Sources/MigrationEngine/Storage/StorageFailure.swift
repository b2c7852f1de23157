/// A failure of the destination's storage during a migration, from SQLite's result code (for a SwiftData store on
/// Apple platforms, the code Core Data's `NSSQLiteErrorDomain` error carries). The source is untouched; the
/// destination keeps its committed batches.
public struct StorageFailure: Sendable, Hashable, Codable, CustomStringConvertible {
    /// What happened to the storage.
    public enum Kind: String, Sendable, Hashable, Codable {
        /// The volume is full (`SQLITE_FULL`): free space and run again.
        case diskFull
        /// The storage reported an I/O error (`SQLITE_IOERR*`): run again later; if it persists, the device's
        /// storage is failing.
        case ioError
        /// The store became read-only (`SQLITE_READONLY*`, except a moved file).
        case readOnly
        /// The store's file was removed or moved while open (`SQLITE_READONLY_DBMOVED`).
        case removed
        /// Another process or connection holds the store (`SQLITE_BUSY`, `SQLITE_LOCKED`): run again when it is
        /// closed.
        case locked
        /// The store cannot be opened (`SQLITE_CANTOPEN`: missing folder, permissions, data protection).
        case cannotOpen
    }

    /// What happened.
    public var kind: Kind
    /// SQLite's (extended) result code.
    public var resultCode: Int32
    /// The store's own message.
    public var message: String

    /// The failure for SQLite result code `code`, or `nil` when the code is no storage failure.
    /// - Parameters:
    ///   - code: SQLite's extended (or primary) result code.
    ///   - message: The store's message.
    public init?(sqliteResultCode code: Int32, message: String) {
        let kind: Kind
        switch code & 0xFF {
        case 13: kind = .diskFull
        case 10: kind = .ioError
        case 8: kind = code == 8 | (4 << 8) ? .removed : .readOnly
        case 5, 6: kind = .locked
        case 14: kind = .cannotOpen
        default: return nil
        }
        self.kind = kind
        resultCode = code
        self.message = message
    }

    public var description: String {
        let advice =
            switch kind {
            case .diskFull: "the volume is full; free space and run again"
            case .ioError: "the storage reported an I/O error; run again later"
            case .readOnly: "the store became read-only; check the store's location and permissions"
            case .removed: "the store's file was removed or moved while open; run again"
            case .locked: "another process holds the store; run again once it is closed"
            case .cannotOpen: "the store cannot be opened; check its folder, permissions and data protection"
            }
        return "\(advice) (SQLite code \(resultCode): \(message))"
    }
}
