/// How a `carryover` command ends: the process exit status.
package enum ExitStatus: Int32, Sendable {
    /// Done, nothing to do, or already done.
    case success = 0
    /// The command ran and failed (an error was printed on stderr).
    case failure = 1
    /// The command line was wrong (`EX_USAGE`).
    case usage = 64
    /// An input named on the command line does not exist or cannot be read (`EX_NOINPUT`).
    case unreadableInput = 66
}

/// A command-line mistake: reported on stderr with the usage line, exit status 64.
struct UsageError: Error, CustomStringConvertible {
    var description: String
    init(_ description: String) { self.description = description }
}
