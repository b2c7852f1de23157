/// Finds the command a command line names, runs it, and turns what happens into output and an exit status.
struct CommandRunner {
    var commands: [CommandSpec]
    var console: Console
    /// Whether Ctrl-C cancels commands that stop on interrupt (only in the real process, never in-process).
    var handlesInterrupts: Bool

    /// Runs `arguments` (without the program name) and returns the exit status.
    func run(_ arguments: [String]) async -> ExitStatus {
        if arguments.first == "help" { return printHelp(for: Array(arguments.dropFirst()).filter { !isHelp($0) }) }
        // The command path: the leading words that name a command, with -h/--help/--version allowed among them.
        var wantsHelp = false
        var wantsVersion = false
        var path: [String] = []
        var index = 0
        while index < arguments.count {
            let word = arguments[index]
            if isHelp(word) {
                wantsHelp = true
            } else if word == "--version", path.isEmpty {
                wantsVersion = true
            } else if !word.hasPrefix("-"), commands.contains(where: { $0.path.starts(with: path + [word]) }) {
                path.append(word)
            } else {
                break
            }
            index += 1
        }
        if wantsVersion {
            console.output.write("carryover \(CarryoverTool.version)\n")
            return .success
        }
        let rest = Array(arguments[index...])
        guard let command = commands.first(where: { $0.path == path }) else {
            let words = Array(arguments.prefix { $0 != "--" }.filter { !isHelp($0) })
            if wantsHelp || words.isEmpty || commands.contains(where: { $0.path.starts(with: words) }) {
                return printHelp(for: words)
            }
            return fail(
                usage: UsageError("Unknown command '\(words.joined(separator: " "))'."),
                usageLine: "carryover <command>", helpCommand: "carryover")
        }
        if wantsHelp || ParsedArguments.asksForHelp(rest, for: command) {
            console.output.write(command.helpText)
            return .success
        }
        if handlesInterrupts && command.stopsOnInterrupt {
            return await InterruptCancellation.run { [self] in await execute(command, rest) }
        }
        return await execute(command, rest)
    }

    private func execute(_ command: CommandSpec, _ words: [String]) async -> ExitStatus {
        do {
            return try await command.run(try ParsedArguments(parsing: words, for: command), console)
        } catch let error as UsageError {
            return fail(usage: error, usageLine: command.usageLine, helpCommand: command.qualifiedName)
        } catch {
            console.error.write("Error: \(error)\n")
            return .failure
        }
    }

    private func isHelp(_ word: String) -> Bool { word == "--help" || word == "-h" }

    private func printHelp(for words: [String]) -> ExitStatus {
        if let command = commands.first(where: { $0.path == words }) {
            console.output.write(command.helpText)
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
        text += "USAGE: \((["carryover"] + words).joined(separator: " ")) <subcommand>\n"
        if words.isEmpty {
            text += "\nOPTIONS:\n"
            text += CommandSpec.helpRow("--version", "Show the version.")
            text += CommandSpec.helpRow("-h, --help", "Show help information.")
        }
        text += "\nSUBCOMMANDS:\n"
        for command in listed {
            let name = command.path.joined(separator: " ")
            let padding = String(repeating: " ", count: max(0, 24 - name.count))
            text += "  \(name)\(padding)  \(command.summary)\n"
        }
        text += "\nSee 'carryover help <subcommand>' for detailed help.\n"
        console.output.write(text)
        return .success
    }

    private func fail(usage error: UsageError, usageLine: String, helpCommand: String) -> ExitStatus {
        console.error.write(
            "Error: \(error.description)\nUsage: \(usageLine)\n  See '\(helpCommand) --help' for more information.\n")
        return .usage
    }
}
