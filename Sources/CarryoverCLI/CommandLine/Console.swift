import RealmExport

/// A text stream a command writes to: the process's standard output or error, or a capture in tests.
package protocol ConsoleStream: Sendable {
    /// Writes `text` as UTF-8.
    func write(_ text: String)
    /// Whether the stream is a terminal (progress bars are drawn only then).
    var isTerminal: Bool { get }
    /// The stream as an exporter's destination; a failed write throws.
    func byteDestination() -> any ByteDestination
}

/// Where a command's output and errors go.
package struct Console: Sendable {
    /// Results: reports, documents, generated summaries.
    package var output: any ConsoleStream
    /// Errors, diagnostics and progress bars.
    package var error: any ConsoleStream

    /// A console writing to `output` and `error`.
    package init(output: any ConsoleStream, error: any ConsoleStream) {
        self.output = output
        self.error = error
    }

    /// The process's standard output and standard error.
    package static let standard = Console(
        output: FileDescriptorStream(descriptor: 1), error: FileDescriptorStream(descriptor: 2))
}
