import Foundation
import TestSupport

#if os(Linux)
    import SwiftDataToolchain
#endif

/// Compiles generated SwiftData code in tests. On Linux it type-checks against the package's SwiftData runtime
/// (`Sources/SwiftDataRuntime`) and its real macros (`Macros/SwiftDataRuntimeMacros.swift`), through
/// SwiftDataToolchain; on Apple platforms against Apple's SwiftData.
public enum GeneratedCodeCompiler {
    /// What one compiler run said.
    public struct Outcome: Sendable {
        /// Whether the compiler exited with status 0.
        public var succeeded: Bool
        /// Everything the compiler printed.
        public var output: String
    }

    /// Why the compiler could not be set up.
    public struct SetupError: Error, CustomStringConvertible {
        public var description: String
    }

    /// Type-checks `files` (name → contents) together as one module in Swift 6 mode. It runs up to SIL, because
    /// definite initialization (an `init` that leaves a stored property unset) is diagnosed on SIL.
    public static func typecheck(_ files: [String: String]) throws -> Outcome {
        #if os(Linux)
            let builder: SwiftProgramBuilder
            do {
                builder = try sharedBuilder.get()
            } catch {
                throw SetupError(description: "\(error)")
            }
            let outcome = try builder.typecheck(files: files)
            return Outcome(succeeded: outcome.succeeded, output: outcome.output)
        #else
            let directory = try TemporaryDirectory("carryover-typecheck")
            defer { directory.remove() }
            let paths = try write(files, into: directory)
            return try run(
                [
                    "-emit-sil", "-wmo", "-o", directory.appending("GeneratedModels.sil").path, "-parse-as-library",
                    "-module-name", "GeneratedModels", "-swift-version", "6",
                ] + paths)
        #endif
    }

    /// Parses `files` (no type checking); catches syntax errors in any output, compiled or not.
    public static func parse(_ files: [String: String]) throws -> Outcome {
        let directory = try TemporaryDirectory("carryover-parse")
        defer { directory.remove() }
        let paths = try write(files, into: directory)
        return try run(["-parse"] + paths)
    }

    #if os(Linux)
        /// Set up once per test process (the macro plugin is cached across processes).
        private static let sharedBuilder: Result<SwiftProgramBuilder, Error> = Result { try SwiftProgramBuilder() }
    #endif

    private static func write(_ files: [String: String], into directory: TemporaryDirectory) throws -> [String] {
        try files.keys.sorted().map { name in
            let url = directory.appending(name.hasSuffix(".swift") ? name : name + ".swift")
            try Data((files[name] ?? "").utf8).write(to: url)
            return url.path
        }
    }

    /// The `swiftc` on `PATH` (the toolchain running the tests).
    private static func swiftc() throws -> URL {
        let path = ProcessInfo.processInfo.environment["PATH"] ?? "/usr/bin"
        for folder in path.split(separator: ":") {
            let candidate = URL(fileURLWithPath: String(folder)).appendingPathComponent("swiftc")
            if FileManager.default.isExecutableFile(atPath: candidate.path) { return candidate }
        }
        throw SetupError(description: "no swiftc on PATH")
    }

    private static func run(_ arguments: [String]) throws -> Outcome {
        let process = Process()
        process.executableURL = try swiftc()
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
