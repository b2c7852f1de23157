import Foundation
import SwiftDataToolchain
import TestSupport

/// The runtime test programs (`Programs/*.swift.txt`), compiled once per test process with the package's
/// `SwiftProgramBuilder` against `libCarryoverRehearsal` and the real macros.
enum TestPrograms {
    static let builder: Result<SwiftProgramBuilder, Error> = Result { try SwiftProgramBuilder() }

    static var folder: URL {
        URL(fileURLWithPath: #filePath).deletingLastPathComponent().appendingPathComponent("Programs")
    }

    static func source(_ name: String) throws -> String {
        try String(contentsOf: folder.appendingPathComponent("\(name).swift.txt"), encoding: .utf8)
    }

    /// Builds `main` (as `main.swift`) with the shared models.
    static func executable(_ main: String, optimized: Bool = false) throws -> URL {
        try builder.get().build(
            files: ["main.swift": try source(main), "Models.swift": try source("Models")], optimized: optimized)
    }

    /// Compiles `files` (name → contents; `main.swift` may hold top-level code) as one module up to SIL, where the
    /// region-based isolation checks of strict concurrency run, and returns what the compiler said.
    static func compileToSIL(_ files: [String: String]) throws -> SwiftCompiler.Outcome {
        let directory = try TemporaryDirectory("swiftdata-runtime-sil")
        defer { directory.remove() }
        let builder = try builder.get()
        var paths: [String] = []
        for name in files.keys.sorted() {
            let url = directory.appending(name)
            try Data((files[name] ?? "").utf8).write(to: url)
            paths.append(url.path)
        }
        return try builder.compiler.run(
            ["-emit-sil", "-wmo", "-o", directory.appending("out.sil").path, "-module-name", "Program"]
                + builder.moduleFlags + paths)
    }

    /// Runs an executable to completion.
    static func run(_ executable: URL, _ arguments: [String]) throws -> CapturedRun {
        try CapturedRun(executable, arguments)
    }
}

extension CapturedRun {
    /// The `ok`/`FAIL` lines a test program printed, by check name.
    var checks: [(name: String, passed: Bool, line: String)] {
        output.split(separator: "\n").compactMap { line in
            let text = String(line)
            if text.hasPrefix("ok ") { return (String(text.dropFirst(3)), true, text) }
            if text.hasPrefix("FAIL ") {
                let name = text.dropFirst(5).split(separator: ":").first.map(String.init) ?? text
                return (name, false, text)
            }
            return nil
        }
    }
}
