import Foundation
import SwiftDataToolchain

/// Runs a program built in a test (a compiled test program, a generated one) and captures what it prints.
public enum ChildProcess {
    /// What one run did: its exit status and its standard output and error, interleaved.
    public struct Run: Sendable {
        public var status: Int32
        public var output: String
    }

    /// Runs `executable` with `arguments` to completion.
    /// - Throws: When the program cannot be started or its output cannot be read.
    public static func run(_ executable: URL, _ arguments: [String]) throws -> Run {
        let process = Process()
        process.executableURL = executable
        process.arguments = arguments
        let pipe = Pipe()
        process.standardOutput = pipe
        process.standardError = pipe
        try process.run()
        let data = try pipe.fileHandleForReading.readToEndRetryingInterrupts()
        process.waitUntilExit()
        return Run(status: process.terminationStatus, output: String(decoding: data, as: UTF8.self))
    }
}
