import Foundation
import TestSupport
import Testing

/// Runs `Programs/Behaviour.swift.txt`: generator-shaped `@Model` classes compiled with the real macros against the
/// runtime, checking durability, rollback, upsert, inverses, delete rules, value round trips, SQL and in-memory
/// fetches, identifiers and memory. Each printed check becomes one expectation here.
@Suite struct RuntimeBehaviourTests {
    @Test func documentedBehavioursHoldAgainstAStoreFile() throws {
        let directory = try TemporaryDirectory("swiftdata-runtime-behaviour")
        defer { directory.remove() }
        let run = try TestPrograms.run(try TestPrograms.executable("Behaviour"), [directory.url.path])
        let checks = run.checks
        #expect(checks.count >= 70, "too few checks ran:\n\(run.output)")
        for check in checks {
            #expect(check.passed, "\(check.line)")
        }
        #expect(run.status == 0, "\(run.output)")
    }
}
