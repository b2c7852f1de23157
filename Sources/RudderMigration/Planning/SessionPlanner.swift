import Foundation

/// The session rules: `session_id`, `is_manual_session` and `last_activity_time` are planned independently, so an
/// invalid timestamp skips only the last activity time (the guide), not the whole session.
enum SessionPlanner {
    static func planSessionID(_ entry: LegacySnapshot.Entry?) -> FieldReport.Outcome {
        guard let entry else { return .absent }
        let seconds: UInt64
        switch entry.value {
        case .integer(let value):
            guard value > 0 else { return notPositive(entry, .sessionID, "\(value)") }
            seconds = UInt64(value)
        case .unsignedInteger(let value):
            seconds = value
        case .real(let value):
            guard value.isFinite, value > 0 else { return notPositive(entry, .sessionID, "\(value)") }
            guard let whole = UInt64(exactly: value) else {
                return .skipped(reason: "rl_session_id \(value) is not a whole number of seconds", source: entry.source)
            }
            seconds = whole
        default:
            return RudderMigrationPlanner.wrongType(entry, .sessionID, expected: "a number")
        }
        return .migrated(value: .string(String(seconds)), source: entry.source)
    }

    static func planManualSession(_ entry: LegacySnapshot.Entry?) -> FieldReport.Outcome {
        guard let entry else { return .absent }
        guard case .boolean(let automatic) = entry.value else {
            return RudderMigrationPlanner.wrongType(entry, .sessionAutoTrackStatus, expected: "a boolean")
        }
        return .migrated(value: .boolean(!automatic), source: entry.source)
    }

    /// Seconds since 1970, valid when greater than zero and not after `now`, become milliseconds. Fractional seconds
    /// keep their milliseconds (rounded to the nearest millisecond).
    static func planLastActivity(_ entry: LegacySnapshot.Entry?, now: Date) -> FieldReport.Outcome {
        guard let entry else { return .absent }
        let nowMilliseconds = (now.timeIntervalSince1970 * 1000).rounded(.down)
        let milliseconds: UInt64
        switch entry.value {
        case .integer(let seconds):
            guard seconds > 0 else { return notPositive(entry, .lastEventTimestamp, "\(seconds)") }
            let (product, overflow) = seconds.multipliedReportingOverflow(by: 1000)
            guard !overflow, Double(product) <= nowMilliseconds else { return future(entry, "\(seconds)", now) }
            milliseconds = UInt64(product)
        case .unsignedInteger(let seconds):
            return future(entry, "\(seconds)", now)
        case .real(let seconds):
            guard seconds.isFinite, seconds > 0 else { return notPositive(entry, .lastEventTimestamp, "\(seconds)") }
            let rounded = (seconds * 1000).rounded()
            guard rounded <= nowMilliseconds, let whole = UInt64(exactly: rounded) else {
                return future(entry, "\(seconds)", now)
            }
            milliseconds = whole
        default:
            return RudderMigrationPlanner.wrongType(entry, .lastEventTimestamp, expected: "a number")
        }
        return .migrated(value: .string(String(milliseconds)), source: entry.source)
    }

    private static func notPositive(_ entry: LegacySnapshot.Entry, _ key: LegacyKey, _ shown: String)
        -> FieldReport.Outcome
    {
        .skipped(reason: "\(key.rawValue) \(shown) is not greater than zero", source: entry.source)
    }

    private static func future(_ entry: LegacySnapshot.Entry, _ shown: String, _ now: Date) -> FieldReport.Outcome {
        let seconds = now.timeIntervalSince1970.rounded(.down)
        let nowSeconds = Int64(exactly: seconds).map(String.init) ?? "\(seconds)"
        return .skipped(
            reason: "rl_last_event_time_stamp \(shown) s is after now (\(nowSeconds) s); the session resets naturally",
            source: entry.source)
    }
}
