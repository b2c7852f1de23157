/// A key the legacy RudderStack Obj-C SDK stores in `rsDefaultsPersistence.plist` and `UserDefaults.standard`.
public enum LegacyKey: String, Sendable, Codable, CaseIterable {
    /// The anonymous id (a UUID string).
    case anonymousID = "rl_anonymous_id"
    /// The traits, a JSON object in a string; holds `userId` and `id` after `identify`.
    case traits = "rl_traits"
    /// Seconds since 1970 at the start of the active session; absent when no session is active.
    case sessionID = "rl_session_id"
    /// Whether automatic session tracking is on (a boolean).
    case sessionAutoTrackStatus = "rl_session_auto_track_status"
    /// Seconds since 1970 of the last event.
    case lastEventTimestamp = "rl_last_event_time_stamp"
    /// `CFBundleShortVersionString` when the SDK last ran.
    case applicationVersion = "rl_application_version_key"
    /// `CFBundleVersion` when the SDK last ran (a string, possibly not numeric).
    case applicationBuild = "rl_application_build_key"

    /// Every key the legacy SDK writes, including the ones the migration does not carry over.
    /// These are the keys removed from standard defaults when legacy removal is requested.
    public static let allSDKKeys: [String] =
        allCases.map(\.rawValue) + [
            "rl_external_id", "rl_opt_status", "rl_opt_in_time", "rl_opt_out_time", "rl_server_config",
            "rl_server_last_updated", "rl_auth_token", "rl_prefs", "rl_application_info_key", "rl_advertising_id",
            "rl_event_deletion_status", "standardDefaultsCopied",
        ]
}
