import Foundation

/// A program run to completion with its standard output and error captured together.
public struct CapturedRun: Sendable {
    /// The exit status.
    public var status: Int32
    /// Everything it printed, standard output and error interleaved.
    public var output: String

    /// Runs `executable` with `arguments`, standard input empty, reading its output EINTR-safely
    /// (``Foundation/FileHandle/readToEndRetryingInterrupts()``).
    /// - Throws: When the program cannot be started or its output cannot be read.
    public init(_ executable: URL, _ arguments: [String]) throws {
        let process = Process()
        process.executableURL = executable
        process.arguments = arguments
        let pipe = Pipe()
        process.standardOutput = pipe
        process.standardError = pipe
        process.standardInput = FileHandle.nullDevice
        try process.run()
        let data = try pipe.fileHandleForReading.readToEndRetryingInterrupts()
        process.waitUntilExit()
        status = process.terminationStatus
        output = String(decoding: data, as: UTF8.self)
    }
}
