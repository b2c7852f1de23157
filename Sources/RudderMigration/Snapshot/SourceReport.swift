/// What reading one legacy source gave.
public struct SourceReport: Sendable, Codable, Equatable {
    /// How reading a source ended.
    public enum Status: String, Sendable, Codable {
        /// Read; `legacyKeysFound` says how many of the migrated legacy keys it held.
        case read
        /// There is no such file (no legacy SDK 1.25.2+ ever ran, or the app was reinstalled).
        case absent
        /// The file opens but is not a property list with a dictionary at the top; its values are ignored.
        case corrupt
        /// The storage exists but cannot be opened now (permission, data protection); the run is deferred.
        case unavailable
    }

    /// Which source.
    public var source: LegacySource
    /// Its file path or store name.
    public var location: String
    /// How reading it ended.
    public var status: Status
    /// With `.read`: how many of the legacy keys the migration uses were present.
    public var legacyKeysFound: Int?
    /// With `.corrupt` and `.unavailable`: why.
    public var reason: String?

    /// Creates a source report.
    public init(
        source: LegacySource, location: String, status: Status, legacyKeysFound: Int? = nil, reason: String? = nil
    ) {
        self.source = source
        self.location = location
        self.status = status
        self.legacyKeysFound = legacyKeysFound
        self.reason = reason
    }
}
