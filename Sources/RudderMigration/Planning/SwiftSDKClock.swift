import Foundation

/// The clock the targeted Swift SDK reads `last_activity_time` with, in milliseconds.
///
/// Release 1.2.0 of rudder-sdk-swift ("use system time in session management") switched `SessionHandler` from
/// `ProcessInfo.systemUptime` to `Date().timeIntervalSince1970`. A value on the other clock does not break anything —
/// either SDK then finds the session timed out and starts a new one — but the session does not carry over.
public enum SwiftSDKClock: String, Sendable, Codable, CaseIterable {
    /// Swift SDK 1.2.0 and later: milliseconds since 1970. The default.
    case since1970 = "since-1970"
    /// Swift SDK 1.0.x–1.1.x: milliseconds since the device booted. A legacy event from before the last boot cannot
    /// be expressed on this clock, so `last_activity_time` is then skipped.
    case uptime
}

/// `last_activity_time` on the targeted clock: the clock, and the device's uptime when it is known.
struct LastActivityTarget: Equatable {
    var clock: SwiftSDKClock
    /// Seconds since the device booted, read together with `now`; `nil` off the device (a copied container).
    var systemUptime: TimeInterval?

    static let since1970 = LastActivityTarget(clock: .since1970, systemUptime: nil)

    /// The value to write for a legacy event at `milliseconds` since 1970 (already checked to be > 0 and not after
    /// `now`), or why there is none.
    func value(forMillisecondsSince1970 milliseconds: UInt64, now: Date) -> Result<UInt64, Skip> {
        guard clock == .uptime else { return .success(milliseconds) }
        guard let systemUptime, systemUptime.isFinite, systemUptime >= 0 else {
            return .failure(
                Skip(
                    "the device's uptime is not known here (a container copied off the device), so the event time "
                        + "cannot be put on the uptime clock of Swift SDK 1.0–1.1; the session resets naturally"))
        }
        let nowMilliseconds = (now.timeIntervalSince1970 * 1000).rounded(.down)
        let uptimeMilliseconds = (systemUptime * 1000).rounded(.down)
        guard let nowWhole = Int64(exactly: nowMilliseconds), let uptimeWhole = Int64(exactly: uptimeMilliseconds),
            let event = Int64(exactly: milliseconds)
        else {
            return .failure(Skip("the current time or uptime is out of range"))
        }
        let boot = nowWhole - uptimeWhole
        guard event >= boot else {
            return .failure(
                Skip(
                    "the device restarted after the last legacy event (\(milliseconds) ms since 1970, boot at "
                        + "\(boot) ms), and Swift SDK 1.0–1.1 counts from the boot; the session resets naturally"))
        }
        return .success(UInt64(event - boot))
    }

    /// Why a last activity time is not written.
    struct Skip: Error, Equatable {
        var reason: String
        init(_ reason: String) { self.reason = reason }
    }
}
