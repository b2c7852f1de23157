import Dispatch

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// Ctrl-C (SIGINT) as Swift task cancellation, for the one command run by the process.
enum InterruptCancellation {
    /// Runs `body` in a task that SIGINT cancels, and returns its result. While it runs, SIGINT no longer ends the
    /// process; the default is restored afterwards.
    static func run<T: Sendable>(_ body: @escaping @Sendable () async -> T) async -> T {
        let task = Task { await body() }
        signal(SIGINT, SIG_IGN)
        let interrupt = DispatchSource.makeSignalSource(signal: SIGINT, queue: .global())
        interrupt.setEventHandler { task.cancel() }
        interrupt.resume()
        let result = await task.value
        interrupt.cancel()
        signal(SIGINT, SIG_DFL)
        return result
    }
}
