import Dispatch

/// Ctrl-C (SIGINT) as Swift task cancellation, for the one command run by the process.
enum InterruptCancellation {
    /// Runs `body` in a task that SIGINT cancels, and returns its result. While it runs, SIGINT no longer ends the
    /// process; the default is restored afterwards.
    static func run<T: Sendable>(_ body: @escaping @Sendable () async -> T) async -> T {
        let task = Task { await body() }
        Platform.setInterruptIgnored(true)
        let interrupt = DispatchSource.makeSignalSource(signal: Platform.interruptSignal, queue: .global())
        interrupt.setEventHandler { task.cancel() }
        interrupt.resume()
        let result = await task.value
        interrupt.cancel()
        Platform.setInterruptIgnored(false)
        return result
    }
}
