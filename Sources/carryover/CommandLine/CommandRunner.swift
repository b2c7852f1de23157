#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// Finds the command a command line names, runs it, and turns what happens into output and an exit status.
struct CommandRunner {
    var commands: [CommandSpec]

    /// Runs `arguments` (without the program name) and returns the exit status.
    func run(_ arguments: [String]) -> ExitStatus {
        let wantsHelp = arguments.contains("--help") || arguments.contains("-h")
        let words = arguments.filter { $0 != "--help" && $0 != "-h" }
        if words.first == "help" { return printHelp(for: Array(words.dropFirst())) }

        guard let command = longestMatch(for: words) else {
            if wantsHelp || words.isEmpty || isGroup(words) { return printHelp(for: words) }
            return fail(
                usage: UsageError("Unknown command '\(words.joined(separator: " "))'."),
                usageLine: "carryover <command>", helpCommand: "carryover")
        }
        if wantsHelp {
            standardOutput.write(command.helpText)
            return .success
        }
        do {
            let parsed = try ParsedArguments(parsing: Array(words.dropFirst(command.path.count)), for: command)
            return try command.run(parsed)
        } catch let error as UsageError {
            return fail(usage: error, usageLine: command.usageLine, helpCommand: command.qualifiedName)
        } catch {
            standardError.write("Error: \(error)\n")
            return .failure
        }
    }

    private func longestMatch(for words: [String]) -> CommandSpec? {
        commands
            .filter { words.starts(with: $0.path) }
            .max { $0.path.count < $1.path.count }
    }

    private func isGroup(_ words: [String]) -> Bool {
        commands.contains { $0.path.starts(with: words) }
    }

    private func printHelp(for words: [String]) -> ExitStatus {
        if let command = commands.first(where: { $0.path == words }) {
            standardOutput.write(command.helpText)
            return .success
        }
        let listed = commands.filter { $0.path.starts(with: words) }
        guard words.isEmpty || !listed.isEmpty else {
            return fail(
                usage: UsageError("Unknown command '\(words.joined(separator: " "))'."),
                usageLine: "carryover <command>", helpCommand: "carryover")
        }
        var text =
            "OVERVIEW: Carryover moves an app's persisted data to a new SDK or database without losing a byte.\n\n"
        text += "USAGE: \((["carryover"] + words).joined(separator: " ")) <subcommand>\n\nSUBCOMMANDS:\n"
        for command in listed {
            let name = command.path.joined(separator: " ")
            let padding = String(repeating: " ", count: max(0, 24 - name.count))
            text += "  \(name)\(padding)  \(command.summary)\n"
        }
        text += "\nSee 'carryover help <subcommand>' for detailed help.\n"
        standardOutput.write(text)
        return .success
    }

    private func fail(usage error: UsageError, usageLine: String, helpCommand: String) -> ExitStatus {
        standardError.write(
            "Error: \(error.description)\nUsage: \(usageLine)\n  See '\(helpCommand) --help' for more information.\n")
        return .usage
    }
}
