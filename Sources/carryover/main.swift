#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

let runner = CommandRunner(commands: allCommands)
exit(runner.run(Array(CommandLine.arguments.dropFirst())).rawValue)
