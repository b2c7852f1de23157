import Foundation

/// What a migration run did, or what `inspect()` expects it to do: a value a program can check and print as JSON.
public struct RudderMigrationReport: Sendable, Equatable, Codable {
    /// How the run ended.
    public enum Outcome: String, Sendable, Codable {
        /// Values were written and verified, and the completion marker set.
        case migrated
        /// The legacy storage holds nothing to carry over; the completion marker was set.
        case nothingToMigrate = "nothing-to-migrate"
        /// The completion marker was already set; nothing was read or written besides that one check.
        case alreadyMigrated = "already-migrated"
        /// The Swift SDK already ran (its suite has an `anonymous_id`); nothing was written.
        case destinationAlreadyInitialized = "destination-already-initialized"
        /// Legacy storage exists but cannot be opened yet; nothing was migrated and the next run tries again.
        case deferred
    }

    /// What happened to the legacy data after the destination was verified.
    public struct LegacyRemoval: Sendable, Equatable, Codable {
        /// The removal states.
        public enum Status: String, Sendable, Codable {
            /// Removal was not asked for; legacy data is untouched.
            case notRequested = "not-requested"
            /// The legacy plist and the legacy SDK's standard-defaults keys were removed.
            case removed
            /// Removal was asked for but not done (the run did not migrate), or failed; see `reason`.
            case notRemoved = "not-removed"
        }

        /// The state.
        public var status: Status
        /// Why not, with `.notRemoved`.
        public var reason: String?

        /// Creates a removal state.
        public init(_ status: Status, reason: String? = nil) {
            self.status = status
            self.reason = reason
        }
    }

    /// How the run ended.
    public var outcome: RudderMigrationReport.Outcome
    /// One sentence on why.
    public var detail: String
    /// Whether this is a preview from `inspect()` (nothing was written).
    public var isPreview: Bool
    /// The destination store's identity.
    public var destination: String
    /// Which legacy SDK line's storage was read (`nil` when the run stopped before reading legacy storage).
    public var legacySDK: RudderLegacySDK?
    /// How `legacySDK` was chosen: `chosen: v2`, or what `.auto` found (`nil` with `legacySDK`).
    public var legacySDKSelection: String?
    /// Whether this run completed a run that was interrupted before its completion marker.
    public var resumedInterruptedRun: Bool
    /// How reading each legacy source went (empty when the run stopped before reading them).
    public var sources: [SourceReport]
    /// Every Swift SDK field in mapping-table order (empty when a run stopped before reading legacy storage, and when
    /// it was deferred).
    public var fields: [FieldReport]
    /// What happened to the legacy data.
    public var legacyRemoval: LegacyRemoval

    /// Creates a report.
    public init(
        outcome: RudderMigrationReport.Outcome, detail: String, isPreview: Bool, destination: String,
        legacySDK: RudderLegacySDK? = nil, legacySDKSelection: String? = nil, resumedInterruptedRun: Bool = false,
        sources: [SourceReport] = [], fields: [FieldReport] = [],
        legacyRemoval: LegacyRemoval = LegacyRemoval(.notRequested)
    ) {
        self.outcome = outcome
        self.detail = detail
        self.isPreview = isPreview
        self.destination = destination
        self.legacySDK = legacySDK
        self.legacySDKSelection = legacySDKSelection
        self.resumedInterruptedRun = resumedInterruptedRun
        self.sources = sources
        self.fields = fields
        self.legacyRemoval = legacyRemoval
    }

    /// The report for `field`, if the run got as far as planning.
    public func field(_ field: RudderField) -> FieldReport.Outcome? {
        fields.first { $0.field == field }?.outcome
    }

    /// The report as pretty-printed JSON with sorted keys.
    /// - Throws: `EncodingError` (not expected: every value in a report is encodable).
    public func jsonString() throws -> String {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.prettyPrinted, .sortedKeys, .withoutEscapingSlashes]
        return String(decoding: try encoder.encode(self), as: UTF8.self)
    }
}
