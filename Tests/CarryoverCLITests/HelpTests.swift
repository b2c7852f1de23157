import TestSupport
import Testing

@Suite struct HelpTests {
    @Test func topLevelHelpListsCommandGroupsAndExitsZero() throws {
        let result = try CarryoverBinary.run(["--help"])
        #expect(result.status == 0)
        #expect(result.standardOutput.contains("USAGE: carryover"))
    }

    @Test func versionExitsZero() throws {
        let result = try CarryoverBinary.run(["--version"])
        #expect(result.status == 0)
        #expect(result.standardOutput.hasPrefix("carryover "))
    }

    @Test func unknownCommandIsAUsageError() throws {
        let result = try CarryoverBinary.run(["no-such-command"])
        #expect(result.status == 64)
        #expect(result.standardError.contains("Error: Unknown command 'no-such-command'."))
    }
}
