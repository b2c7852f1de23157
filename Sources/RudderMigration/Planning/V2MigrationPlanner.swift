import Foundation

/// The v2 migration's rules, as a pure function from what standard defaults hold (and the device's anonymous id) and
/// the current time to what gets written. The v1 table, from the v2 SDK's keys:
///
/// | legacy key | Swift SDK key | rule |
/// | --- | --- | --- |
/// | `rs_anonymous_id`, else the device's `identifierForVendor` | `anonymous_id` | string as is; the device's id lowercased, as the v2 SDK sent it |
/// | `rs_user_id`, else `rs_traits` | `user_id` | string; else `userId` (or `id`) inside the archived traits |
/// | `rs_traits` | `traits` | keyed archive of a dictionary → JSON object without `anonymousId`, `userId`, `id` |
/// | `rl_session_id` | `session_id` | positive whole number → decimal string |
/// | `rl_session_manual_track_status` | `is_manual_session` | boolean, **not** inverted |
/// | `rl_last_event_time_stamp` | `last_activity_time` | seconds > 0 and not after `now` → milliseconds |
/// | `rs_application_version_key` | `rudder.app_version` | string |
/// | `rs_application_build_key` | `rudder.app_build` | string holding an integer → integer |
///
/// A corrupt archive skips `traits` (and `user_id` when only the traits held it); everything else migrates. When
/// `rl_session_stopped_status` is true the app called `endSession()`: the stored session id and last event time
/// belong to the ended session, so both are skipped and the Swift SDK starts afresh.
public enum RudderV2MigrationPlanner {
    /// Plans the migration of `snapshot` at time `now`.
    /// - Parameters:
    ///   - snapshot: The v2 values read from standard defaults and the device's anonymous id.
    ///   - now: The current time; legacy timestamps after it are invalid.
    ///   - clock: The clock the targeted Swift SDK reads `last_activity_time` with.
    ///   - systemUptime: With `.uptime`, the device's uptime in seconds at `now`; `nil` (unknown) skips the last
    ///     activity time.
    /// - Returns: The outcome of every field.
    public static func plan(
        _ snapshot: LegacyV2Snapshot, now: Date, clock: SwiftSDKClock = .since1970, systemUptime: TimeInterval? = nil
    ) -> RudderMigrationPlan {
        plan(snapshot, now: now, target: LastActivityTarget(clock: clock, systemUptime: systemUptime))
    }

    static func plan(_ snapshot: LegacyV2Snapshot, now: Date, target: LastActivityTarget) -> RudderMigrationPlan {
        let traits = TraitsPlanner.planArchive(snapshot.entry(.traits))
        let ended = snapshot.values[.sessionStoppedStatus] == .boolean(true)
        let sessionID = SessionPlanner.planSessionID(snapshot.entry(.sessionID))
        let lastActivity = SessionPlanner.planLastActivity(
            snapshot.entry(.lastEventTimestamp), now: now, target: target)
        let version = LegacyV2Key.applicationVersion.rawValue
        let build = LegacyV2Key.applicationBuild.rawValue
        return RudderMigrationPlan(fields: [
            anonymousID(snapshot),
            userID(snapshot, fromTraits: traits.userID),
            report(.traits, traits.traits),
            report(.sessionID, ended ? endedSession(sessionID, .sessionID) : sessionID),
            report(.isManualSession, SessionPlanner.planManualSession(snapshot.entry(.sessionManualTrackStatus))),
            report(.lastActivityTime, ended ? endedSession(lastActivity, .lastEventTimestamp) : lastActivity),
            report(
                .appVersion, RudderMigrationPlanner.planNonEmptyString(snapshot.entry(.applicationVersion), version)),
            report(.appBuild, RudderMigrationPlanner.planAppBuild(snapshot.entry(.applicationBuild), build)),
        ])
    }

    private static func report(_ field: RudderField, _ outcome: FieldReport.Outcome) -> FieldReport {
        FieldReport(field, outcome, legacyKey: LegacyV2Key.key(for: field).rawValue)
    }

    /// `rs_anonymous_id` when it holds an id; otherwise, when the SDK ran, the device's id (lowercased, the form
    /// `RSAnonymousIdPlugin` sent).
    private static func anonymousID(_ snapshot: LegacyV2Snapshot) -> FieldReport {
        let key = LegacyV2Key.anonymousID.rawValue
        let stored = RudderMigrationPlanner.planNonEmptyString(snapshot.entry(.anonymousID), key)
        guard snapshot.needsDeviceID else { return report(.anonymousID, stored) }
        let storedReason: String
        if case .skipped(let reason, _) = stored { storedReason = "\(reason); " } else { storedReason = "" }
        switch snapshot.deviceID {
        case .known(let id) where !id.isEmpty:
            return report(.anonymousID, .migrated(value: .string(id.lowercased()), source: .vendorIdentifier))
        case .known:
            return report(
                .anonymousID,
                .skipped(reason: "\(storedReason)the identifierForVendor given is empty", source: .vendorIdentifier))
        case .unknown(let reason):
            return report(
                .anonymousID,
                .skipped(
                    reason: "\(storedReason)the v2 SDK used the device's identifierForVendor, which is not known "
                        + "here: \(reason)", source: nil))
        case .notYetAvailable:
            return report(
                .anonymousID,
                .skipped(reason: "\(storedReason)the device's identifierForVendor is not available yet", source: nil))
        }
    }

    /// `rs_user_id` when it holds an id; otherwise the traits' `userId`/`id`. When neither has one, the reason of
    /// `rs_user_id` (if present) or of the traits.
    private static func userID(_ snapshot: LegacyV2Snapshot, fromTraits: FieldReport.Outcome) -> FieldReport {
        let stored = RudderMigrationPlanner.planNonEmptyString(snapshot.entry(.userID), LegacyV2Key.userID.rawValue)
        if case .migrated = stored { return report(.userID, stored) }
        if case .migrated = fromTraits {
            return FieldReport(.userID, fromTraits, legacyKey: LegacyV2Key.traits.rawValue)
        }
        if case .absent = stored {
            return FieldReport(.userID, fromTraits, legacyKey: LegacyV2Key.traits.rawValue)
        }
        return report(.userID, stored)
    }

    /// A session field of a session `endSession()` ended: a value that would migrate is skipped; a skip or an absence
    /// stays as it is.
    private static func endedSession(_ outcome: FieldReport.Outcome, _ key: LegacyV2Key) -> FieldReport.Outcome {
        guard case .migrated(_, let source) = outcome else { return outcome }
        return .skipped(
            reason: "\(key.rawValue) belongs to a session the app ended (rl_session_stopped_status is true); the "
                + "Swift SDK starts a new one", source: source)
    }
}
