import Foundation

/// Runs the toolchain's `swiftc` from tests: to compile generated code or to type-check sources against
/// test-only stand-in modules.
///
/// Never pass `-o /dev/null`: the compiler writes a temporary file and renames it over the output, which as root
/// replaces the device with a regular file. Use `-typecheck`, or an output file in a temporary folder.
public enum SwiftCompiler {
    /// What one compiler run said.
    public struct Outcome: Sendable {
        /// Whether the compiler exited with status 0.
        public var succeeded: Bool
        /// Everything the compiler printed (standard output and standard error together).
        public var output: String

        /// An outcome with this status and output.
        public init(succeeded: Bool, output: String) {
            self.succeeded = succeeded
            self.output = output
        }
    }

    /// Why a compiler run or a stand-in build could not be set up.
    public struct SetupError: Error, CustomStringConvertible {
        /// What went wrong, with the compiler's output where there is one.
        public var description: String

        /// An error that says `description`.
        public init(description: String) { self.description = description }
    }

    /// The `swiftc` on `PATH` (the toolchain running the tests).
    public static func executable() throws -> URL {
        let path = ProcessInfo.processInfo.environment["PATH"] ?? "/usr/bin"
        for folder in path.split(separator: ":") {
            let candidate = URL(fileURLWithPath: String(folder)).appendingPathComponent("swiftc")
            if FileManager.default.isExecutableFile(atPath: candidate.path) { return candidate }
        }
        throw SetupError(description: "no swiftc on PATH")
    }

    /// Runs `swiftc arguments...` to completion and returns its exit status and output.
    public static func run(_ arguments: [String]) throws -> Outcome {
        let process = Process()
        process.executableURL = try executable()
        process.arguments = arguments
        let pipe = Pipe()
        process.standardOutput = pipe
        process.standardError = pipe
        process.standardInput = FileHandle.nullDevice
        try process.run()
        let data = pipe.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        return Outcome(succeeded: process.terminationStatus == 0, output: String(decoding: data, as: UTF8.self))
    }
}
