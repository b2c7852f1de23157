import Foundation
import RudderMigration
import Testing

/// Behaviour 3: the last-event timestamp (valid when > 0 and not after now) and the session fields around it.
@Suite struct SessionRuleTests {
    static let now = LegacyContainer.now  // 1_700_000_000 s

    static func plan(timestamp: PropertyListValue?) -> RudderMigrationPlan {
        var values: [LegacyKey: PropertyListValue] = [
            .sessionID: .integer(1_699_999_000), .sessionAutoTrackStatus: .boolean(true),
        ]
        values[.lastEventTimestamp] = timestamp
        return RudderMigrationPlanner.plan(LegacySnapshot(plist: values, standardDefaults: [:], sources: []), now: now)
    }

    @Test(arguments: [
        PropertyListValue.integer(0), .integer(-5), .integer(1_700_000_001), .real(1_700_000_000.5), .real(-0.5),
        .real(.nan), .real(.infinity), .unsignedInteger(UInt64.max), .integer(Int64.max),
    ])
    func invalidTimestampSkipsOnlyLastActivityTime(timestamp: PropertyListValue) throws {
        let plan = Self.plan(timestamp: timestamp)
        #expect(plan.writes["last_activity_time"] == nil)
        guard case .skipped(let reason, .legacyPlist) = plan.fields[5].outcome else {
            Issue.record("expected a skip, got \(plan.fields[5].outcome)")
            return
        }
        #expect(reason.contains("rl_last_event_time_stamp"))
        // The guide: the session id and the manual flag still migrate (the reference helper drops the whole session).
        #expect(plan.writes["session_id"] == .string("1699999000"))
        #expect(plan.writes["is_manual_session"] == .boolean(false))
    }

    @Test func missingTimestampKeepsTheSession() {
        let plan = Self.plan(timestamp: nil)
        #expect(plan.fields[5] == FieldReport(.lastActivityTime, .absent))
        #expect(plan.writes["session_id"] == .string("1699999000"))
        #expect(plan.writes["is_manual_session"] == .boolean(false))
    }

    @Test func secondsBecomeMilliseconds() {
        #expect(Self.plan(timestamp: .integer(1_699_999_999)).writes["last_activity_time"] == .string("1699999999000"))
        #expect(Self.plan(timestamp: .integer(1_700_000_000)).writes["last_activity_time"] == .string("1700000000000"))
    }

    @Test func fractionalSecondsKeepTheirMilliseconds() {
        #expect(Self.plan(timestamp: .real(1_699_999_999.123)).writes["last_activity_time"] == .string("1699999999123"))
        #expect(Self.plan(timestamp: .real(1_699_999_000.5)).writes["last_activity_time"] == .string("1699999000500"))
        // Below a millisecond: the nearest millisecond, not the one below.
        #expect(
            Self.plan(timestamp: .real(1_699_999_999.1236)).writes["last_activity_time"] == .string("1699999999124"))
    }

    @Test func theClockIsInjected() throws {
        let container = try LegacyContainer()
        try container.writePlist(["rl_last_event_time_stamp": NSNumber(value: 1_800_000_000)])
        let early = container.migrator(now: Date(timeIntervalSince1970: 1_700_000_000)).inspect()
        #expect(early.field(.lastActivityTime).map { if case .skipped = $0 { true } else { false } } == true)
        let late = container.migrator(now: Date(timeIntervalSince1970: 1_900_000_000)).inspect()
        #expect(late.field(.lastActivityTime) == .migrated(value: .string("1800000000000"), source: .legacyPlist))
    }

    @Test func sessionIDMustBeAPositiveWholeNumber() {
        func outcome(_ value: PropertyListValue) -> FieldReport.Outcome {
            RudderMigrationPlanner.plan(
                LegacySnapshot(plist: [.sessionID: value], standardDefaults: [:], sources: []), now: Self.now
            ).fields[3].outcome
        }
        #expect(outcome(.real(1_699_999_000)) == .migrated(value: .string("1699999000"), source: .legacyPlist))
        #expect(
            outcome(.unsignedInteger(UInt64.max))
                == .migrated(value: .string("18446744073709551615"), source: .legacyPlist))
        for bad: PropertyListValue in [.integer(0), .integer(-1), .real(1.5), .real(.nan), .boolean(true)] {
            guard case .skipped = outcome(bad) else {
                Issue.record("\(bad) should be skipped")
                continue
            }
        }
    }
}
