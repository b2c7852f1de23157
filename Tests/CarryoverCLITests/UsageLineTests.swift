import TestSupport
import Testing

/// The usage line tells required options (bare) from optional ones (in brackets), as `--help` promises.
@Suite struct UsageLineTests {
    @Test func requiredOptionsAreBareAndOptionalOnesBracketed() throws {
        let result = try CarryoverBinary.run(["rudder", "migrate", "--help"])
        #expect(result.status == 0)
        #expect(
            result.standardOutput.contains(
                "USAGE: carryover rudder migrate --container DIR --bundle-id ID [--platform ios|tvos] --write-key KEY"))
    }

    @Test func aMissingRequiredOptionIsAUsageErrorNamingIt() throws {
        let result = try CarryoverBinary.run(["realm", "migrate", "music.realm"])
        #expect(result.status == 64)
        #expect(result.standardError.contains("Error: Missing expected option '--to'."))
    }
}
