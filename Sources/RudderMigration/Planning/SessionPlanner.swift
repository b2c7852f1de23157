import Foundation

/// The session rules: `session_id`, `is_manual_session` and `last_activity_time` are planned independently, so an
/// invalid timestamp skips only the last activity time (the guide), not the whole session. The session id and last
/// event keys have the same names and meaning in v1 and v2; the manual-session flag differs.
enum SessionPlanner {
    static func planSessionID(_ entry: LegacySnapshot.Entry?) -> FieldReport.Outcome {
        guard let entry else { return .absent }
        let key = LegacyKey.sessionID.rawValue
        let seconds: UInt64
        switch entry.value {
        case .integer(let value):
            guard value > 0 else { return notPositive(entry, key, "\(value)") }
            seconds = UInt64(value)
        case .unsignedInteger(let value):
            seconds = value
        case .real(let value):
            guard value.isFinite, value > 0 else { return notPositive(entry, key, "\(value)") }
            guard let whole = UInt64(exactly: value) else {
                return .skipped(reason: "\(key) \(value) is not a whole number of seconds", source: entry.source)
            }
            seconds = whole
        default:
            return RudderMigrationPlanner.wrongType(entry, key, expected: "a number")
        }
        return .migrated(value: .string(String(seconds)), source: entry.source)
    }

    /// v1: `rl_session_auto_track_status`, inverted.
    static func planManualSessionFromAutoTrack(_ entry: LegacySnapshot.Entry?) -> FieldReport.Outcome {
        guard let entry else { return .absent }
        guard case .boolean(let automatic) = entry.value else {
            return RudderMigrationPlanner.wrongType(
                entry, LegacyKey.sessionAutoTrackStatus.rawValue, expected: "a boolean")
        }
        return .migrated(value: .boolean(!automatic), source: entry.source)
    }

    /// v2: `rl_session_manual_track_status`, as is.
    static func planManualSession(_ entry: LegacySnapshot.Entry?) -> FieldReport.Outcome {
        guard let entry else { return .absent }
        guard case .boolean(let manual) = entry.value else {
            return RudderMigrationPlanner.wrongType(
                entry, LegacyV2Key.sessionManualTrackStatus.rawValue, expected: "a boolean")
        }
        return .migrated(value: .boolean(manual), source: entry.source)
    }

    /// Seconds since 1970, valid when greater than zero and not after `now`, become milliseconds (fractional seconds
    /// keep their milliseconds, rounded to the nearest), then go on `target`'s clock.
    static func planLastActivity(_ entry: LegacySnapshot.Entry?, now: Date, target: LastActivityTarget)
        -> FieldReport.Outcome
    {
        guard let entry else { return .absent }
        let key = LegacyKey.lastEventTimestamp.rawValue
        let nowMilliseconds = (now.timeIntervalSince1970 * 1000).rounded(.down)
        let milliseconds: UInt64
        switch entry.value {
        case .integer(let seconds):
            guard seconds > 0 else { return notPositive(entry, key, "\(seconds)") }
            let (product, overflow) = seconds.multipliedReportingOverflow(by: 1000)
            guard !overflow, Double(product) <= nowMilliseconds else { return future(entry, "\(seconds)", now) }
            milliseconds = UInt64(product)
        case .unsignedInteger(let seconds):
            return future(entry, "\(seconds)", now)
        case .real(let seconds):
            guard seconds.isFinite, seconds > 0 else { return notPositive(entry, key, "\(seconds)") }
            let rounded = (seconds * 1000).rounded()
            guard rounded <= nowMilliseconds, let whole = UInt64(exactly: rounded) else {
                return future(entry, "\(seconds)", now)
            }
            milliseconds = whole
        default:
            return RudderMigrationPlanner.wrongType(entry, key, expected: "a number")
        }
        switch target.value(forMillisecondsSince1970: milliseconds, now: now) {
        case .success(let value): return .migrated(value: .string(String(value)), source: entry.source)
        case .failure(let skip):
            return .skipped(reason: "\(key) \(milliseconds / 1000) s: \(skip.reason)", source: entry.source)
        }
    }

    private static func notPositive(_ entry: LegacySnapshot.Entry, _ key: String, _ shown: String)
        -> FieldReport.Outcome
    {
        .skipped(reason: "\(key) \(shown) is not greater than zero", source: entry.source)
    }

    private static func future(_ entry: LegacySnapshot.Entry, _ shown: String, _ now: Date) -> FieldReport.Outcome {
        let seconds = now.timeIntervalSince1970.rounded(.down)
        let nowSeconds = Int64(exactly: seconds).map(String.init) ?? "\(seconds)"
        return .skipped(
            reason: "rl_last_event_time_stamp \(shown) s is after now (\(nowSeconds) s); the session resets naturally",
            source: entry.source)
    }
}
