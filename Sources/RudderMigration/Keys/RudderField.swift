/// A value the Swift SDK reads at start-up, and the key it reads it from in its `UserDefaults` suite.
///
/// The cases are in the order of the guide's storage key mapping table; reports list fields in this order.
public enum RudderField: String, Sendable, Codable, CaseIterable {
    /// `anonymous_id`, a string, from `rl_anonymous_id`.
    case anonymousID = "anonymous_id"
    /// `user_id`, a string, from `userId` (or else `id`) inside `rl_traits`.
    case userID = "user_id"
    /// `traits`, a JSON object in a string, from `rl_traits` without `anonymousId`, `userId` and `id`.
    case traits = "traits"
    /// `session_id`, a decimal string, from `rl_session_id`.
    case sessionID = "session_id"
    /// `is_manual_session`, a boolean, the inverse of `rl_session_auto_track_status`.
    case isManualSession = "is_manual_session"
    /// `last_activity_time`, milliseconds since 1970 as a decimal string, from `rl_last_event_time_stamp` (seconds).
    case lastActivityTime = "last_activity_time"
    /// `rudder.app_version`, a string, from `rl_application_version_key`.
    case appVersion = "rudder.app_version"
    /// `rudder.app_build`, an integer, from the string in `rl_application_build_key`.
    case appBuild = "rudder.app_build"

    /// The destination key (the Swift SDK's key in its suite).
    public var destinationKey: String { rawValue }

    /// The legacy key the value comes from.
    public var legacyKey: LegacyKey {
        switch self {
        case .anonymousID: .anonymousID
        case .userID, .traits: .traits
        case .sessionID: .sessionID
        case .isManualSession: .sessionAutoTrackStatus
        case .lastActivityTime: .lastEventTimestamp
        case .appVersion: .applicationVersion
        case .appBuild: .applicationBuild
        }
    }
}
