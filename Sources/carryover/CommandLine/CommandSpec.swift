/// How a `carryover` command ends: the process exit status.
enum ExitStatus: Int32, Sendable {
    /// Done, nothing to do, or already done.
    case success = 0
    /// The command ran and failed (an error was printed on stderr).
    case failure = 1
    /// The command line was wrong (`EX_USAGE`).
    case usage = 64
}

/// A command-line mistake: reported on stderr with the usage line, exit status 64.
struct UsageError: Error, CustomStringConvertible {
    var description: String
    init(_ description: String) { self.description = description }
}

/// One option a command accepts.
struct OptionSpec: Sendable {
    enum Kind: Sendable {
        /// A switch such as `--json`.
        case flag
        /// An option with one value, such as `--output PATH`.
        case value(placeholder: String)
        /// An option that may be given several times, such as `--rename A=B`.
        case repeated(placeholder: String)
    }

    var name: String
    var kind: Kind
    var help: String
    /// Whether the command refuses to run without it (shown without brackets in the usage line).
    var isRequired = false

    static func flag(_ name: String, _ help: String) -> OptionSpec {
        OptionSpec(name: name, kind: .flag, help: help)
    }

    static func value(_ name: String, _ placeholder: String, _ help: String) -> OptionSpec {
        OptionSpec(name: name, kind: .value(placeholder: placeholder), help: help)
    }

    /// An option with one value that must be given (`ParsedArguments.required(_:)` reads it).
    static func required(_ name: String, _ placeholder: String, _ help: String) -> OptionSpec {
        OptionSpec(name: name, kind: .value(placeholder: placeholder), help: help, isRequired: true)
    }

    static func repeated(_ name: String, _ placeholder: String, _ help: String) -> OptionSpec {
        OptionSpec(name: name, kind: .repeated(placeholder: placeholder), help: help)
    }

    var usageFragment: String {
        switch kind {
        case .flag: "[\(name)]"
        case .value(let placeholder): isRequired ? "\(name) \(placeholder)" : "[\(name) \(placeholder)]"
        case .repeated(let placeholder): "[\(name) \(placeholder)]..."
        }
    }
}

/// One positional argument a command accepts.
struct ArgumentSpec: Sendable {
    var placeholder: String
    var help: String
    /// Whether the argument may be given more than once (`INPUT...`).
    var isVariadic = false
}

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
    /// Runs the command on parsed arguments. Throws `UsageError` for command-line mistakes.
    var run: @Sendable (ParsedArguments) throws -> ExitStatus

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
        for option in options {
            let label: String
            switch option.kind {
            case .flag: label = option.name
            case .value(let placeholder), .repeated(let placeholder): label = "\(option.name) \(placeholder)"
            }
            text += Self.helpRow(label, option.help)
        }
        text += Self.helpRow("-h, --help", "Show help information.")
        return text
    }

    private static func helpRow(_ label: String, _ help: String) -> String {
        let padded =
            label.count < 26
            ? label + String(repeating: " ", count: 26 - label.count) : label + "\n" + String(repeating: " ", count: 28)
        return "  \(padded)\(help)\n"
    }
}
