import Foundation

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// Runs a program as a child process and measures it: wall and CPU time, and its peak resident set size.
struct ChildProcess {
    /// What one run of a child measured.
    struct Run {
        var wallSeconds: Double
        var cpuSeconds: Double
        var peakMegabytes: Double
        /// What the child printed on standard output.
        var output: String
    }

    /// Runs `executable` with `arguments` to its end; throws when it cannot start or exits with another status
    /// than 0 (or `acceptedStatuses`). Its standard error goes to ours, or nowhere with `discardingErrors`; its
    /// standard output is kept, or goes to /dev/null with `discardingOutput`.
    static func run(
        _ executable: String, _ arguments: [String], acceptedStatuses: Set<Int32> = [0], discardingErrors: Bool = false,
        discardingOutput: Bool = false
    ) throws -> Run {
        let outputPath = FileManager.default.temporaryDirectory.appendingPathComponent(
            "carryover-benchmark-\(UUID().uuidString).out"
        ).path
        defer { try? FileManager.default.removeItem(atPath: outputPath) }
        var actions = posix_spawn_file_actions_t()
        posix_spawn_file_actions_init(&actions)
        defer { posix_spawn_file_actions_destroy(&actions) }
        posix_spawn_file_actions_addopen(
            &actions, 1, discardingOutput ? "/dev/null" : outputPath,
            discardingOutput ? O_WRONLY : O_WRONLY | O_CREAT | O_TRUNC,
            0o600)
        if discardingErrors { posix_spawn_file_actions_addopen(&actions, 2, "/dev/null", O_WRONLY, 0) }
        let argv = ([executable] + arguments).map { strdup($0) } + [nil]
        defer { for pointer in argv { free(pointer) } }
        var pid: pid_t = 0
        let start = Date()
        let spawned = posix_spawn(&pid, executable, &actions, nil, argv, environ)
        guard spawned == 0 else { throw BenchmarkError("cannot start \(executable): error \(spawned)") }
        var status: Int32 = 0
        var usage = rusage()
        guard wait4(pid, &status, 0, &usage) == pid else { throw BenchmarkError("wait4 failed") }
        let wall = Date().timeIntervalSince(start)
        let exitStatus = (status >> 8) & 0xFF
        guard status & 0x7F == 0, acceptedStatuses.contains(exitStatus) else {
            throw BenchmarkError("\(executable) ended with status \(status)")
        }
        let cpu =
            Double(usage.ru_utime.tv_sec) + Double(usage.ru_utime.tv_usec) / 1e6 + Double(usage.ru_stime.tv_sec)
            + Double(usage.ru_stime.tv_usec) / 1e6
        #if canImport(Darwin)
            let megabytes = Double(usage.ru_maxrss) / 1_048_576
        #else
            let megabytes = Double(usage.ru_maxrss) / 1024
        #endif
        let output = (try? String(contentsOfFile: outputPath, encoding: .utf8)) ?? ""
        return Run(wallSeconds: wall, cpuSeconds: cpu, peakMegabytes: megabytes, output: output)
    }
}
