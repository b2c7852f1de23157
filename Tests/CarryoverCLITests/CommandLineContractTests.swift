import CarryoverCLI
import Foundation
import TestSupport
import Testing

/// What the tool promises about its command line: help, version, typed choices, repeated options.
@Suite struct CommandLineContractTests {
    private let music = Fixtures.realm("music.v24.realm").path

    @Test func helpAfterDoubleDashIsAnArgument() async {
        let result = await InProcessCarryover.run(["realm", "inspect", "--", "--help"])
        #expect(result.status == 1)
        #expect(result.standardOutput.isEmpty)
        #expect(result.standardError.hasPrefix("Error: "))
        #expect(result.standardError.contains("--help"))
    }

    @Test func helpAsAnOptionsValueIsThatValue() async {
        let result = await InProcessCarryover.run(["realm", "export", music, "--class", "--help"])
        #expect(result.status == 1)
        #expect(result.standardOutput.isEmpty)
        #expect(result.standardError.contains("The file has no class named '--help'."))
        let inline = await InProcessCarryover.run(["realm", "export", music, "--class=--help"])
        #expect(inline.status == 1)
        #expect(inline.standardError.contains("The file has no class named '--help'."))
    }

    @Test func helpFlagsAndTheHelpCommandPrintTheSameText() async {
        let long = await InProcessCarryover.run(["realm", "migrate", "--help"])
        let short = await InProcessCarryover.run(["realm", "migrate", "-h"])
        let command = await InProcessCarryover.run(["help", "realm", "migrate"])
        let afterArguments = await InProcessCarryover.run(["realm", "migrate", music, "--to", "x.sqlite", "--help"])
        let beforePath = await InProcessCarryover.run(["--help", "realm", "migrate"])
        #expect(long.status == 0 && long.standardOutput.hasPrefix("OVERVIEW: Copy a .realm file"))
        for other in [short, command, afterArguments, beforePath] {
            #expect(other.status == 0)
            #expect(other.standardOutput == long.standardOutput)
        }
    }

    @Test func versionPrintsTheVersionConstant() async {
        let result = await InProcessCarryover.run(["--version"])
        #expect(result.status == 0)
        #expect(result.standardOutput == "carryover \(CarryoverTool.version)\n")
        let onACommand = await InProcessCarryover.run(["realm", "inspect", music, "--version"])
        #expect(onACommand.status == 64)
        #expect(onACommand.standardError.contains("Unknown option '--version'."))
    }

    @Test(arguments: [
        (
            ["realm", "migrate", "m.realm", "--to", "x.sqlite", "--verify", "some"],
            "'--verify' (expected one of: full, counts, none)"
        ),
        (
            ["realm", "export", "m.realm", "--format", "yaml"],
            "'--format' (expected one of: json, xjson, xjson-plus, jsonl)"
        ),
        (
            ["realm", "models", "m.realm", "--output", "/tmp/x", "--min-ios", "16"],
            "'--min-ios' (expected one of: 17, 18)"
        ),
        (
            ["rudder", "inspect", "--container", "/tmp", "--bundle-id", "a", "--platform", "android"],
            "'--platform' (expected one of: ios, tvos)"
        ),
        (
            ["realm", "migrate", "m.realm", "--to", "x.sqlite", "--batch-size", "0"],
            "'--batch-size' (expected a positive integer)"
        ),
    ])
    func aChoiceOutsideItsValuesIsAUsageErrorListingThem(arguments: [String], message: String) async {
        let result = await InProcessCarryover.run(arguments)
        #expect(result.status == 64)
        #expect(result.standardError.contains("is not a valid value for \(message)."), "\(result.standardError)")
        #expect(result.standardError.contains("Usage: carryover \(arguments[0]) \(arguments[1])"))
    }

    @Test func aSingleValueOptionGivenTwiceIsAUsageError() async {
        let result = await InProcessCarryover.run(["realm", "migrate", music, "--to", "a.sqlite", "--to", "b.sqlite"])
        #expect(result.status == 64)
        #expect(result.standardError.contains("'--to' was given more than once."))
    }
}
