import Foundation

/// What one read of legacy storage found: which SDK line's data it is and why, and that line's snapshot.
struct LegacyReading {
    /// A snapshot of either line. A v2 reading made by `.auto` keeps the report of the legacy plist it looked at.
    enum Data {
        case v1(LegacySnapshot)
        case v2(LegacyV2Snapshot, plist: SourceReport?)
    }

    var sdk: RudderLegacySDK
    /// How `sdk` was chosen, for the report ("chosen: v2", or auto-detection's reason).
    var selection: String
    var data: Data

    /// How reading each source went, plist first.
    var sources: [SourceReport] {
        switch data {
        case .v1(let snapshot): snapshot.sources
        case .v2(let snapshot, let plist): (plist.map { [$0] } ?? []) + [snapshot.source]
        }
    }

    /// Why the migration must wait, if it must.
    var unavailableReason: String? {
        switch data {
        case .v1(let snapshot): snapshot.unavailableReason
        case .v2(let snapshot, let plist):
            plist.flatMap { $0.status == .unavailable ? "\($0.location): \($0.reason ?? "cannot be opened")" : nil }
                ?? snapshot.unavailableReason
        }
    }

    /// The plan of this line's rules.
    func plan(now: Date, target: LastActivityTarget) -> RudderMigrationPlan {
        switch data {
        case .v1(let snapshot): RudderMigrationPlanner.plan(snapshot, now: now, target: target)
        case .v2(let snapshot, _): RudderV2MigrationPlanner.plan(snapshot, now: now, target: target)
        }
    }
}
