import Foundation
import Testing

/// The `--help` text of the tool and of every command, compared exactly with the files in `Golden/`.
/// `RECORD_GOLDEN=1 swift test` rewrites the files and fails, so a changed text is always reviewed.
@Suite struct HelpGoldenTests {
    /// `realm rehearse` exists where the SwiftData runtime does (Linux for now; the root golden is Linux's).
    static let commands: [[String]] =
        [
            [], ["rudder", "inspect"], ["rudder", "migrate"], ["realm", "inspect"], ["realm", "export"],
            ["realm", "schema"], ["realm", "digest"], ["realm", "models"], ["realm", "audit"], ["realm", "migrate"],
        ] + rehearse

    #if os(Linux)
        static let rehearse: [[String]] = [["realm", "rehearse"]]
    #else
        static let rehearse: [[String]] = []
    #endif
    static let golden = URL(fileURLWithPath: #filePath).deletingLastPathComponent().appendingPathComponent("Golden")

    @Test(arguments: commands)
    func helpMatchesItsGolden(_ command: [String]) async throws {
        let result = await InProcessCarryover.run(command + ["--help"])
        #expect(result.status == 0)
        #expect(result.standardError.isEmpty)
        let file = Self.golden.appendingPathComponent((["carryover"] + command).joined(separator: "-") + ".help.txt")
        if ProcessInfo.processInfo.environment["RECORD_GOLDEN"] == "1" {
            try Data(result.standardOutput.utf8).write(to: file)
            Issue.record("Recorded \(file.lastPathComponent); rerun without RECORD_GOLDEN.")
            return
        }
        let expected = try String(contentsOf: file, encoding: .utf8)
        #expect(result.standardOutput == expected, "\(file.lastPathComponent) differs; RECORD_GOLDEN=1 rewrites it")
    }

    @Test func everyListedCommandHasAGolden() async {
        let help = await InProcessCarryover.run(["--help"]).standardOutput
        let listed = help.split(separator: "\n", omittingEmptySubsequences: false).drop { $0 != "SUBCOMMANDS:" }
            .dropFirst()
            .prefix { !$0.isEmpty }
            .map { $0.split(separator: " ").prefix(2).map(String.init) }
        #expect(listed == Array(Self.commands.dropFirst()))
    }
}
