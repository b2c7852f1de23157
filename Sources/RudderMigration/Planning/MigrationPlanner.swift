import Foundation

/// The migration's rules, as a pure function from what legacy storage holds and the current time to what gets
/// written. The guide's mapping table, field by field:
///
/// | legacy key | Swift SDK key | rule |
/// | --- | --- | --- |
/// | `rl_anonymous_id` | `anonymous_id` | string, as is |
/// | `rl_traits` | `user_id` | `userId` inside the traits JSON, else `id` |
/// | `rl_traits` | `traits` | JSON object without `anonymousId`, `userId`, `id`; not written when nothing is left |
/// | `rl_session_id` | `session_id` | positive whole number → decimal string |
/// | `rl_session_auto_track_status` | `is_manual_session` | boolean, inverted |
/// | `rl_last_event_time_stamp` | `last_activity_time` | seconds > 0 and not after `now` → milliseconds, decimal string |
/// | `rl_application_version_key` | `rudder.app_version` | string |
/// | `rl_application_build_key` | `rudder.app_build` | string holding an integer → integer |
///
/// A value of the wrong type, or one that breaks its rule, skips that field only (with the reason); traits that are
/// not a JSON object skip both `traits` and `user_id`.
public enum MigrationPlanner {
    /// Plans the migration of `snapshot` at time `now`.
    /// - Parameters:
    ///   - snapshot: The legacy values and their sources.
    ///   - now: The current time; legacy timestamps after it are invalid.
    /// - Returns: The outcome of every field.
    public static func plan(_ snapshot: LegacySnapshot, now: Date) -> MigrationPlan {
        let traits = TraitsPlanner.plan(snapshot.entries[.traits])
        return MigrationPlan(fields: [
            FieldReport(.anonymousID, planAnonymousID(snapshot.entries[.anonymousID])),
            FieldReport(.userID, traits.userID),
            FieldReport(.traits, traits.traits),
            FieldReport(.sessionID, SessionPlanner.planSessionID(snapshot.entries[.sessionID])),
            FieldReport(.isManualSession, SessionPlanner.planManualSession(snapshot.entries[.sessionAutoTrackStatus])),
            FieldReport(
                .lastActivityTime, SessionPlanner.planLastActivity(snapshot.entries[.lastEventTimestamp], now: now)),
            FieldReport(.appVersion, planAppVersion(snapshot.entries[.applicationVersion])),
            FieldReport(.appBuild, planAppBuild(snapshot.entries[.applicationBuild])),
        ])
    }

    static func planAnonymousID(_ entry: LegacySnapshot.Entry?) -> FieldReport.Outcome {
        guard let entry else { return .absent }
        guard case .string(let id) = entry.value else { return wrongType(entry, .anonymousID, expected: "a string") }
        guard !id.isEmpty else { return .skipped(reason: "rl_anonymous_id is an empty string", source: entry.source) }
        return .migrated(value: .string(id), source: entry.source)
    }

    static func planAppVersion(_ entry: LegacySnapshot.Entry?) -> FieldReport.Outcome {
        guard let entry else { return .absent }
        guard case .string(let version) = entry.value else {
            return wrongType(entry, .applicationVersion, expected: "a string")
        }
        guard !version.isEmpty else {
            return .skipped(reason: "rl_application_version_key is an empty string", source: entry.source)
        }
        return .migrated(value: .string(version), source: entry.source)
    }

    /// The Swift SDK stores the build as an integer and compares it with `Int(CFBundleVersion)`, so the legacy
    /// string is parsed exactly the way the SDK parses the bundle's.
    static func planAppBuild(_ entry: LegacySnapshot.Entry?) -> FieldReport.Outcome {
        guard let entry else { return .absent }
        guard case .string(let build) = entry.value else {
            return wrongType(entry, .applicationBuild, expected: "a string")
        }
        guard let number = Int(build) else {
            return .skipped(
                reason:
                    "rl_application_build_key \"\(build)\" is not an integer; the Swift SDK stores the build as one",
                source: entry.source)
        }
        return .migrated(value: .integer(number), source: entry.source)
    }

    /// A "wrong type" skip naming the key, the source, the type found and the type expected.
    static func wrongType(_ entry: LegacySnapshot.Entry, _ key: LegacyKey, expected: String) -> FieldReport.Outcome {
        .skipped(
            reason: "\(key.rawValue) in \(entry.source.phrase) is \(entry.value.typeDescription), expected \(expected)",
            source: entry.source)
    }
}
