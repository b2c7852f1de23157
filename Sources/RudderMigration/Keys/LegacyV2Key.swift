/// A key the RudderStack iOS SDK v2 (rudder-sdk-ios v2.x, the Swift rewrite) stores in `UserDefaults.standard`.
///
/// From the v2 tags' `RSConstants.swift` and `UserDefaults+Ext.swift` (see docs/rudder-migration.md for which tag
/// first wrote each key). v2 writes no `rsDefaultsPersistence.plist`; the session keys keep v1's `rl_` names.
public enum LegacyV2Key: String, Sendable, Codable, CaseIterable {
    /// An anonymous id string. No v2 tag writes it (`setAnonymousId` keeps the id in memory), but it is read first.
    case anonymousID = "rs_anonymous_id"
    /// The user id set by `identify` (v2.3.1 and later).
    case userID = "rs_user_id"
    /// The traits dictionary as `NSKeyedArchiver` data (v2.3.1 and later).
    case traits = "rs_traits"
    /// Seconds since 1970 at the start of the session (v2.3.0 and later).
    case sessionID = "rl_session_id"
    /// Whether the session was started with `startSession()` (a boolean, not inverted).
    case sessionManualTrackStatus = "rl_session_manual_track_status"
    /// Whether `endSession()` ended the session: its id and last event time are then stale.
    case sessionStoppedStatus = "rl_session_stopped_status"
    /// Seconds since 1970 of the last event in a tracked session.
    case lastEventTimestamp = "rl_last_event_time_stamp"
    /// `CFBundleShortVersionString` when the SDK last ran.
    case applicationVersion = "rs_application_version_key"
    /// `CFBundleVersion` when the SDK last ran (a string).
    case applicationBuild = "rs_application_build_key"

    /// Every key the v2 SDK writes, including the ones the migration does not carry over: the keys removed from
    /// standard defaults when legacy removal is requested.
    public static let allSDKKeys: [String] =
        allCases.map(\.rawValue) + [
            "rl_session_auto_track_status", "rs_server_config", "rs_server_last_updated", "rs_external_id",
            "rs_opt_status", "rs_opt_in_time", "rs_opt_out_time",
        ]

    /// The key `field` is planned from (for `user_id`, its first choice; the traits are the fallback).
    public static func key(for field: RudderField) -> LegacyV2Key {
        switch field {
        case .anonymousID: .anonymousID
        case .userID: .userID
        case .traits: .traits
        case .sessionID: .sessionID
        case .isManualSession: .sessionManualTrackStatus
        case .lastActivityTime: .lastEventTimestamp
        case .appVersion: .applicationVersion
        case .appBuild: .applicationBuild
        }
    }
}
