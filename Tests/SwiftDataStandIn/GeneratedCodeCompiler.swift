import Foundation
import TestSupport

/// Compiles generated SwiftData code in tests, on Linux too: against a test-only stand-in of the SwiftData API
/// (`StandIn/SwiftData.swift.txt`) whose macros are real macros (`StandIn/Macros.swift.txt`), built once per
/// process with `swiftc` against the toolchain's SwiftSyntax host libraries and loaded with `-load-plugin-library`.
public enum GeneratedCodeCompiler {
    /// What one compiler run said.
    public struct Outcome: Sendable {
        /// Whether the compiler exited with status 0.
        public var succeeded: Bool
        /// Everything the compiler printed.
        public var output: String
    }

    /// Why the stand-in could not be built.
    public struct SetupError: Error, CustomStringConvertible {
        public var description: String
    }

    /// Type-checks `files` (name → contents) together against the SwiftData stand-in in Swift 6 mode, as one
    /// module. It runs up to SIL (`-emit-sil`, into a scratch file) rather than stopping after `-typecheck`, because
    /// definite initialization (an `init` that leaves a stored property unset) is diagnosed on SIL. (Never `-o
    /// /dev/null`: the compiler writes a temporary file and renames it over the output, which as root replaces the
    /// device with a regular file.)
    public static func typecheck(_ files: [String: String]) throws -> Outcome {
        let standIn = try standInBuild.get()
        let directory = try TemporaryDirectory("carryover-typecheck")
        defer { directory.remove() }
        let paths = try write(files, into: directory)
        return try run(
            [
                "-emit-sil", "-wmo", "-o", directory.appending("GeneratedModels.sil").path, "-parse-as-library",
                "-module-name", "GeneratedModels",
                "-swift-version", "6", "-I", standIn.modules.path, "-load-plugin-library", standIn.plugin.path,
                "-module-cache-path", standIn.moduleCache.path,
            ] + paths)
    }

    /// Parses `files` (no type checking); catches syntax errors in any output, compiled or not.
    public static func parse(_ files: [String: String]) throws -> Outcome {
        let directory = try TemporaryDirectory("carryover-parse")
        defer { directory.remove() }
        let paths = try write(files, into: directory)
        return try run(["-parse"] + paths)
    }

    private static func write(_ files: [String: String], into directory: TemporaryDirectory) throws -> [String] {
        try files.keys.sorted().map { name in
            let url = directory.appending(name.hasSuffix(".swift") ? name : name + ".swift")
            try Data((files[name] ?? "").utf8).write(to: url)
            return url.path
        }
    }

    private struct StandIn: Sendable {
        var modules: URL
        var plugin: URL
        var moduleCache: URL
    }

    /// Built once per test process; the folder is keyed by the stand-in's sources so edits rebuild it.
    private static let standInBuild: Result<StandIn, Error> = Result { try buildStandIn() }

    private static var sourceFolder: URL {
        URL(fileURLWithPath: #filePath).deletingLastPathComponent().appendingPathComponent("StandIn")
    }

    private static func buildStandIn() throws -> StandIn {
        let macros = try String(contentsOf: sourceFolder.appendingPathComponent("Macros.swift.txt"), encoding: .utf8)
        let api = try String(contentsOf: sourceFolder.appendingPathComponent("SwiftData.swift.txt"), encoding: .utf8)
        let compiler = try swiftc()
        var hasher = StableHash()
        hasher.add(macros)
        hasher.add(api)
        hasher.add(compiler.path)
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent(
            "carryover-swiftdata-standin-\(hasher.hex)")
        #if os(macOS)
            let pluginName = "libSwiftDataStandInMacros.dylib"
        #else
            let pluginName = "libSwiftDataStandInMacros.so"
        #endif
        func standIn(in folder: URL) -> StandIn {
            StandIn(
                modules: folder.appendingPathComponent("modules"), plugin: folder.appendingPathComponent(pluginName),
                moduleCache: folder.appendingPathComponent("module-cache"))
        }
        func isComplete(_ build: StandIn) -> Bool {
            FileManager.default.fileExists(atPath: build.modules.appendingPathComponent("SwiftData.swiftmodule").path)
                && FileManager.default.fileExists(atPath: build.plugin.path)
        }
        let result = standIn(in: folder)
        if isComplete(result) { return result }
        // Build in a private folder, then move it into place, so concurrent test processes never see half a build.
        let staging = folder.deletingLastPathComponent().appendingPathComponent(
            "\(folder.lastPathComponent)-\(UUID().uuidString)")
        try FileManager.default.createDirectory(
            at: staging.appendingPathComponent("modules"), withIntermediateDirectories: true)
        let macrosFile = staging.appendingPathComponent("Macros.swift")
        let apiFile = staging.appendingPathComponent("SwiftData.swift")
        try Data(macros.utf8).write(to: macrosFile)
        try Data(api.utf8).write(to: apiFile)
        let host = try hostLibraries()
        let stagedPlugin = staging.appendingPathComponent(pluginName)
        let moduleCache = staging.appendingPathComponent(result.moduleCache.lastPathComponent).path
        let plugin = try run(
            [
                "-emit-library", "-module-name", "SwiftDataStandInMacros", "-o", stagedPlugin.path, macrosFile.path,
                "-I", host, "-L", host, "-lSwiftSyntax", "-lSwiftSyntaxMacros", "-lSwiftSyntaxBuilder",
                "-lSwiftDiagnostics",
                "-Xlinker", "-rpath", "-Xlinker", host, "-module-cache-path", moduleCache,
            ])
        guard plugin.succeeded else {
            throw SetupError(description: "building the stand-in macro plugin failed:\n\(plugin.output)")
        }
        let module = try run(
            [
                "-emit-module", "-module-name", "SwiftData", "-parse-as-library", apiFile.path, "-emit-module-path",
                staging.appendingPathComponent("modules/SwiftData.swiftmodule").path, "-load-plugin-library",
                stagedPlugin.path, "-module-cache-path", moduleCache,
            ])
        guard module.succeeded else {
            throw SetupError(description: "building the SwiftData stand-in failed:\n\(module.output)")
        }
        if !isComplete(result) {
            // A leftover from an interrupted run (a cache folder without the build): replace it.
            try? FileManager.default.removeItem(at: folder)
        }
        do {
            try FileManager.default.moveItem(at: staging, to: folder)
            return result
        } catch {
            // Another process may have won the race (its build is the same); otherwise use this build where it is.
            if isComplete(result) {
                try? FileManager.default.removeItem(at: staging)
                return result
            }
            return standIn(in: staging)
        }
    }

    /// The toolchain's SwiftSyntax host libraries: `<runtimeResourcePath>/host`, as `swiftc -print-target-info`
    /// reports it (so links such as `/usr/bin/swiftc` or Xcode's shims lead to the right toolchain).
    private static func hostLibraries() throws -> String {
        let info = try run(["-print-target-info"])
        guard info.succeeded,
            let json = try JSONSerialization.jsonObject(with: Data(info.output.utf8)) as? [String: Any],
            let paths = json["paths"] as? [String: Any], let resources = paths["runtimeResourcePath"] as? String
        else {
            throw SetupError(description: "swiftc -print-target-info did not give runtimeResourcePath:\n\(info.output)")
        }
        return URL(fileURLWithPath: resources).appendingPathComponent("host").path
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

/// FNV-1a over UTF-8: a stable key for the stand-in build folder (Swift's `Hasher` is seeded per process).
private struct StableHash {
    private var value: UInt64 = 0xcbf2_9ce4_8422_2325

    mutating func add(_ text: String) {
        for byte in text.utf8 {
            value ^= UInt64(byte)
            value = value &* 0x0000_0100_0000_01B3
        }
    }

    var hex: String { String(value, radix: 16) }
}
