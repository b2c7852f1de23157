import Foundation

/// The `carryover` command-line tool: every command's logic, run by the executable's `main.swift`.
///
/// ```swift
/// import CarryoverCLI
/// await CarryoverTool.main()
/// ```
public enum CarryoverTool {
    /// The version `carryover --version` prints.
    public static let version = "0.1.0"

    /// Runs the process's command line and exits with its status: 0 success, 1 failure, 64 bad usage, 66 unreadable
    /// input (`realm audit`).
    /// Ctrl-C stops a command that supports it (`realm migrate`) at a safe point.
    public static func main() async -> Never {
        let runner = CommandRunner(commands: allCommands, console: .standard, handlesInterrupts: true)
        exit(await runner.run(Array(CommandLine.arguments.dropFirst())).rawValue)
    }

    /// Runs `arguments` (without the program name) in-process, writing to `console`, without touching signals.
    /// The hook in-process tests use.
    /// - Returns: The exit status the process would have.
    package static func run(_ arguments: [String], console: Console) async -> ExitStatus {
        await CommandRunner(commands: allCommands, console: console, handlesInterrupts: false).run(arguments)
    }
}
