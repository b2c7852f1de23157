import Foundation

/// The v1 migration's rules (v2: ``RudderV2MigrationPlanner``), as a pure function from what legacy storage holds and
/// the current time to what gets written. The guide's mapping table, field by field:
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
/// not a JSON object skip both `traits` and `user_id`. A plist value that cannot be migrated is a gap like a missing
/// one: when standard defaults hold a value for the same key that can, the field migrates from standard defaults and
/// its report says why the plist's value was passed over (`FieldReport.plistValuePassedOver`). When neither can, the
/// field is skipped with the plist's reason.
public enum RudderMigrationPlanner {
    /// Plans the migration of `snapshot` at time `now`.
    /// - Parameters:
    ///   - snapshot: The legacy values and their sources.
    ///   - now: The current time; legacy timestamps after it are invalid.
    ///   - clock: The clock the targeted Swift SDK reads `last_activity_time` with.
    ///   - systemUptime: With `.uptime`, the device's uptime in seconds at `now`; `nil` (unknown) skips the last
    ///     activity time.
    /// - Returns: The outcome of every field.
    public static func plan(
        _ snapshot: LegacySnapshot, now: Date, clock: SwiftSDKClock = .since1970, systemUptime: TimeInterval? = nil
    ) -> RudderMigrationPlan {
        plan(snapshot, now: now, target: LastActivityTarget(clock: clock, systemUptime: systemUptime))
    }

    static func plan(_ snapshot: LegacySnapshot, now: Date, target: LastActivityTarget) -> RudderMigrationPlan {
        let traits = TraitsPlanner.plan(snapshot.entries[.traits], fallback: snapshot.fallbacks[.traits])
        return RudderMigrationPlan(fields: [
            planField(.anonymousID, in: snapshot) { planNonEmptyString($0, LegacyKey.anonymousID.rawValue) },
            FieldReport(.userID, traits.userID, plistValuePassedOver: traits.plistValuePassedOver),
            FieldReport(.traits, traits.traits, plistValuePassedOver: traits.plistValuePassedOver),
            planField(.sessionID, in: snapshot, SessionPlanner.planSessionID),
            planField(.isManualSession, in: snapshot, SessionPlanner.planManualSessionFromAutoTrack),
            planField(.lastActivityTime, in: snapshot) {
                SessionPlanner.planLastActivity($0, now: now, target: target)
            },
            planField(.appVersion, in: snapshot) { planNonEmptyString($0, LegacyKey.applicationVersion.rawValue) },
            planField(.appBuild, in: snapshot) { planAppBuild($0, LegacyKey.applicationBuild.rawValue) },
        ])
    }

    /// Plans a field that has a legacy key of its own with `rule`: from the winning entry, or from standard defaults'
    /// value when the winning entry is the plist's and `rule` skips it but migrates standard defaults' value.
    private static func planField(
        _ field: RudderField, in snapshot: LegacySnapshot, _ rule: (LegacySnapshot.Entry?) -> FieldReport.Outcome
    ) -> FieldReport {
        let outcome = rule(snapshot.entries[field.legacyKey])
        guard case .skipped(let reason, .legacyPlist) = outcome, let fallback = snapshot.fallbacks[field.legacyKey]
        else { return FieldReport(field, outcome) }
        let fallbackOutcome = rule(fallback)
        guard case .migrated = fallbackOutcome else { return FieldReport(field, outcome) }
        return FieldReport(field, fallbackOutcome, plistValuePassedOver: reason)
    }

    /// A non-empty string, as is (anonymous ids, user ids, app versions).
    static func planNonEmptyString(_ entry: LegacySnapshot.Entry?, _ key: String) -> FieldReport.Outcome {
        guard let entry else { return .absent }
        guard case .string(let text) = entry.value else { return wrongType(entry, key, expected: "a string") }
        guard !text.isEmpty else { return .skipped(reason: "\(key) is an empty string", source: entry.source) }
        return .migrated(value: .string(text), source: entry.source)
    }

    /// The Swift SDK stores the build as an integer and compares it with `Int(CFBundleVersion)`, so the legacy
    /// string is parsed exactly the way the SDK parses the bundle's.
    static func planAppBuild(_ entry: LegacySnapshot.Entry?, _ key: String) -> FieldReport.Outcome {
        guard let entry else { return .absent }
        guard case .string(let build) = entry.value else { return wrongType(entry, key, expected: "a string") }
        guard let number = Int(build) else {
            return .skipped(
                reason: "\(key) \"\(build)\" is not an integer; the Swift SDK stores the build as one",
                source: entry.source)
        }
        return .migrated(value: .integer(number), source: entry.source)
    }

    /// A "wrong type" skip naming the key, the source, the type found and the type expected.
    static func wrongType(_ entry: LegacySnapshot.Entry, _ key: String, expected: String) -> FieldReport.Outcome {
        .skipped(reason: wrongTypeReason(entry, key, expected: expected), source: entry.source)
    }

    /// The reason of a "wrong type" skip.
    static func wrongTypeReason(_ entry: LegacySnapshot.Entry, _ key: String, expected: String) -> String {
        "\(key) in \(entry.source.phrase) is \(entry.value.typeDescription), expected \(expected)"
    }
}
