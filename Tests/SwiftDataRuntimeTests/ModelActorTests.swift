import Foundation
import TestSupport
import Testing

/// Runs `Programs/Actors.swift.txt`: `@ModelActor` actors writing and reading a store file through their own
/// contexts, handing `PersistentIdentifier`s between them, compiled in Swift 6 mode with no diagnostics at all.
@Suite struct ModelActorTests {
    @Test func modelActorsShareRowsByIdentifierThroughTheStore() throws {
        let directory = try TemporaryDirectory("swiftdata-runtime-actors")
        defer { directory.remove() }
        let run = try TestPrograms.run(try TestPrograms.executable("Actors"), [directory.url.path])
        let checks = run.checks
        #expect(checks.count >= 16, "too few checks ran:\n\(run.output)")
        for check in checks {
            #expect(check.passed, "\(check.line)")
        }
        #expect(run.status == 0, "\(run.output)")
    }

    @Test func modelActorCodeIsStrictConcurrencyCleanInSwift6() throws {
        let outcome = try TestPrograms.compileToSIL([
            "main.swift": try TestPrograms.source("Actors"), "Models.swift": try TestPrograms.source("Models"),
        ])
        #expect(outcome.succeeded, "\(outcome.output)")
        #expect(!outcome.output.contains("warning:"), "\(outcome.output)")
    }

    @Test func modelActorOnAClassIsACompileError() throws {
        let outcome = try TestPrograms.compileToSIL([
            "main.swift": """
            import SwiftData
            @ModelActor final class NotAnActor {}
            """
        ])
        #expect(!outcome.succeeded)
        #expect(outcome.output.contains("@ModelActor applies to actors only"), "\(outcome.output)")
    }
}
