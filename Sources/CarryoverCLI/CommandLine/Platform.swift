#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// The few C library calls the tool makes, in the one file that knows whether they come from Glibc or Darwin.
enum Platform {
    /// Writes up to `count` bytes to `descriptor`; the number written, or −1 with `errno` set.
    static func write(_ descriptor: Int32, _ bytes: UnsafeRawPointer, _ count: Int) -> Int {
        #if canImport(Glibc)
            Glibc.write(descriptor, bytes, count)
        #else
            Darwin.write(descriptor, bytes, count)
        #endif
    }

    /// Whether the last failed call was interrupted by a signal (and should be retried).
    static var lastCallWasInterrupted: Bool { errno == EINTR }

    /// Whether `descriptor` is a terminal.
    static func isTerminal(_ descriptor: Int32) -> Bool { isatty(descriptor) == 1 }

    /// Opens `path` for writing, created or truncated in place (a device or an existing file keeps its
    /// permissions); the descriptor, or the system's reason.
    static func openForWriting(_ path: String) -> Result<Int32, PlatformError> {
        let descriptor = open(path, O_WRONLY | O_CREAT | O_TRUNC, 0o644)
        guard descriptor >= 0 else { return .failure(PlatformError(reason: String(cString: strerror(errno)))) }
        return .success(descriptor)
    }

    /// The number of the interrupt signal (Ctrl-C).
    static var interruptSignal: Int32 { SIGINT }

    /// Whether SIGINT ends the process (the default) or is ignored, so that a dispatch source can take it.
    static func setInterruptIgnored(_ ignored: Bool) {
        signal(SIGINT, ignored ? SIG_IGN : SIG_DFL)
    }
}

/// Why a system call failed, as the system says it.
struct PlatformError: Error {
    var reason: String
}
