/// What happened (or, in a preview, would happen) to one Swift SDK field.
public struct FieldReport: Sendable, Equatable, Codable {
    /// The three ways a field ends.
    public enum Outcome: Sendable, Equatable {
        /// Written (or to be written) with `value`, taken from `source`.
        case migrated(value: DestinationValue, source: LegacySource)
        /// A legacy value exists but is not carried over, for `reason`.
        case skipped(reason: String, source: LegacySource?)
        /// The legacy storage holds nothing for this field.
        case absent
    }

    /// The field.
    public var field: RudderField
    /// The legacy key the value was planned from (`rl_traits` for a v1 `user_id`; `rs_user_id`, or `rs_traits` when
    /// the traits supplied it, for a v2 one).
    public var legacyKey: String
    /// What happened to it.
    public var outcome: Outcome
    /// Why the legacy plist's value was passed over, when the plist held one that cannot be migrated and the field
    /// was planned from standard defaults' value instead; `nil` otherwise.
    public var plistValuePassedOver: String?

    /// Creates a field report.
    /// - Parameters:
    ///   - field: The Swift SDK field.
    ///   - outcome: What happened to it.
    ///   - legacyKey: The legacy key it was planned from; `nil` means the v1 key (`field.legacyKey`).
    ///   - plistValuePassedOver: Why the legacy plist's value was not used, when it was passed over.
    public init(_ field: RudderField, _ outcome: Outcome, legacyKey: String? = nil, plistValuePassedOver: String? = nil)
    {
        self.field = field
        self.legacyKey = legacyKey ?? field.legacyKey.rawValue
        self.outcome = outcome
        self.plistValuePassedOver = plistValuePassedOver
    }

    /// The value written, if the field migrated.
    public var migratedValue: DestinationValue? {
        if case .migrated(let value, _) = outcome { return value }
        return nil
    }

    private enum CodingKeys: String, CodingKey {
        case field, legacyKey, status, value, source, reason, plistValuePassedOver
    }

    private enum Status: String, Codable {
        case migrated, skipped, absent
    }

    public init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        field = try container.decode(RudderField.self, forKey: .field)
        legacyKey = try container.decodeIfPresent(String.self, forKey: .legacyKey) ?? field.legacyKey.rawValue
        switch try container.decode(Status.self, forKey: .status) {
        case .migrated:
            outcome = .migrated(
                value: try container.decode(DestinationValue.self, forKey: .value),
                source: try container.decode(LegacySource.self, forKey: .source))
        case .skipped:
            outcome = .skipped(
                reason: try container.decode(String.self, forKey: .reason),
                source: try container.decodeIfPresent(LegacySource.self, forKey: .source))
        case .absent:
            outcome = .absent
        }
        plistValuePassedOver = try container.decodeIfPresent(String.self, forKey: .plistValuePassedOver)
    }

    /// Encodes flat: `{"field": "session_id", "legacyKey": "rl_session_id", "status": "migrated", "value": "…",
    /// "source": "legacy-plist"}`; `reason` instead of `value` for skipped fields; `plistValuePassedOver` only when set.
    public func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: CodingKeys.self)
        try container.encode(field, forKey: .field)
        try container.encode(legacyKey, forKey: .legacyKey)
        switch outcome {
        case .migrated(let value, let source):
            try container.encode(Status.migrated, forKey: .status)
            try container.encode(value, forKey: .value)
            try container.encode(source, forKey: .source)
        case .skipped(let reason, let source):
            try container.encode(Status.skipped, forKey: .status)
            try container.encode(reason, forKey: .reason)
            try container.encodeIfPresent(source, forKey: .source)
        case .absent:
            try container.encode(Status.absent, forKey: .status)
        }
        try container.encodeIfPresent(plistValuePassedOver, forKey: .plistValuePassedOver)
    }
}
