/// A leaf command of the `carryover` tool: its help text, what it accepts, and what it does.
struct CommandSpec: Sendable {
    /// The words that select it, e.g. `["rudder", "migrate"]`.
    var path: [String]
    /// One line for the command list.
    var summary: String
    /// Paragraphs shown under OVERVIEW in `--help`.
    var overview: String
    var arguments: [ArgumentSpec] = []
    var options: [OptionSpec] = []
    /// Whether Ctrl-C cancels the command's task (it then stops at a safe point and reports how far it got) rather
    /// than ending the process.
    var stopsOnInterrupt = false
    /// Runs the command on parsed arguments, writing to the console. Throws `UsageError` for command-line mistakes.
    var run: @Sendable (ParsedArguments, Console) async throws -> ExitStatus

    var qualifiedName: String { (["carryover"] + path).joined(separator: " ") }

    var usageLine: String {
        var parts = [qualifiedName]
        parts += arguments.map { $0.isVariadic ? "\($0.placeholder)..." : $0.placeholder }
        parts += options.map(\.usageFragment)
        return parts.joined(separator: " ")
    }

    var helpText: String {
        var text = "OVERVIEW: \(summary)\n"
        if !overview.isEmpty { text += "\n\(overview)\n" }
        text += "\nUSAGE: \(usageLine)\n"
        if !arguments.isEmpty {
            text += "\nARGUMENTS:\n"
            for argument in arguments { text += Self.helpRow(argument.placeholder, argument.help) }
        }
        text += "\nOPTIONS:\n"
        for option in options { text += Self.helpRow(option.helpLabel, option.help) }
        text += Self.helpRow("-h, --help", "Show help information.")
        return text
    }

    /// One row of an ARGUMENTS or OPTIONS list: the label padded to a column, or on a line of its own when long.
    static func helpRow(_ label: String, _ help: String) -> String {
        let padded =
            label.count < 26
            ? label + String(repeating: " ", count: 26 - label.count) : label + "\n" + String(repeating: " ", count: 28)
        return "  \(padded)\(help)\n"
    }
}
