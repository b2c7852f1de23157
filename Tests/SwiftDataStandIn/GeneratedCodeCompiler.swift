import Foundation
import SwiftDataToolchain
import TestSupport

/// Compiles generated SwiftData code in tests. On Linux it type-checks against the package's SwiftData runtime
/// (`Sources/SwiftDataRuntime`) and its real macros (`Macros/SwiftDataRuntimeMacros.swift`), through
/// SwiftDataToolchain; on Apple platforms against Apple's SwiftData.
public enum GeneratedCodeCompiler {
    /// What one compiler run said.
    public typealias Outcome = SwiftCompiler.Outcome

    /// Why the compiler could not be set up.
    public struct SetupError: Error, CustomStringConvertible {
        /// What went wrong.
        public var description: String
    }

    /// Type-checks `files` (name → contents) together as one module in Swift 6 mode. It runs up to SIL, because
    /// definite initialization (an `init` that leaves a stored property unset) is diagnosed on SIL.
    /// `compilationConditions` are set with `-D` (`["FEATURE_X"]` makes `#if FEATURE_X` true).
    public static func typecheck(_ files: [String: String], compilationConditions: [String] = []) throws -> Outcome {
        #if os(Linux)
            let builder: SwiftProgramBuilder
            do {
                builder = try sharedBuilder.get()
            } catch {
                throw SetupError(description: "\(error)")
            }
            let outcome = try builder.typecheck(files: files, compilationConditions: compilationConditions)
            return Outcome(succeeded: outcome.succeeded, output: outcome.output)
        #else
            let directory = try TemporaryDirectory("carryover-typecheck")
            defer { directory.remove() }
            let paths = try write(files, into: directory)
            return try SwiftCompiler().run(
                [
                    "-emit-sil", "-wmo", "-o", directory.appending("GeneratedModels.sil").path, "-parse-as-library",
                    "-module-name", "GeneratedModels", "-swift-version", "6",
                ] + compilationConditions.flatMap { ["-D", $0] } + paths)
        #endif
    }

    /// Parses `files` (no type checking); catches syntax errors in any output, compiled or not.
    public static func parse(_ files: [String: String]) throws -> Outcome {
        let directory = try TemporaryDirectory("carryover-parse")
        defer { directory.remove() }
        let paths = try write(files, into: directory)
        return try SwiftCompiler().run(["-parse"] + paths)
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
}
