/// Why a file could not be read, written or removed.
///
/// The error of the injectable ``FileAccess`` layer, which any implementation (the tests' simulated file systems
/// included) throws; it is kept apart from ``RudderMigrationError``, the migrator's own verdict on the data.
public struct FileAccessError: Error, Sendable, Equatable, CustomStringConvertible {
    /// The kind of failure.
    public enum Kind: String, Sendable, Codable {
        /// The file exists but the process may not open it now: a permission error, or data protection before the
        /// device's first unlock. Reading again later may succeed.
        case notPermitted
        /// The file is larger than the reader accepts.
        case tooLarge
        /// Any other input/output failure.
        case ioFailure
    }

    /// The kind of failure.
    public var kind: Kind
    /// The file's path.
    public var path: String
    /// What the system said.
    public var reason: String

    /// Creates an error of `kind` for the file at `path`.
    public init(_ kind: Kind, path: String, reason: String) {
        self.kind = kind
        self.path = path
        self.reason = reason
    }

    public var description: String {
        switch kind {
        case .notPermitted: "\(path): not permitted to open (\(reason))"
        case .tooLarge: "\(path): too large (\(reason))"
        case .ioFailure: "\(path): \(reason)"
        }
    }
}
