import Foundation
import TestSupport

/// Compiles generated SwiftData code in tests, on Linux too: against a test-only stand-in of the SwiftData API
/// (`StandIn/SwiftData.swift.txt`) whose macros are real macros (`StandIn/Macros.swift.txt`), built once per
/// process with `swiftc` against the toolchain's SwiftSyntax host libraries and loaded with `-load-plugin-library`.
public enum GeneratedCodeCompiler {
    /// What one compiler run said.
    public typealias Outcome = SwiftCompiler.Outcome

    /// Why the stand-in could not be built.
    public typealias SetupError = SwiftCompiler.SetupError

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
        return try SwiftCompiler.run(
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
        return try SwiftCompiler.run(["-parse"] + paths)
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
        func isComplete(_ folder: URL) -> Bool {
            let build = standIn(in: folder)
            return FileManager.default.fileExists(
                atPath: build.modules.appendingPathComponent("SwiftData.swiftmodule").path)
                && FileManager.default.fileExists(atPath: build.plugin.path)
        }
        let folder = try CachedBuildFolder.folder(
            label: "carryover-swiftdata-standin", key: [macros, api], isComplete: isComplete
        ) { staging in
            let build = standIn(in: staging)
            try FileManager.default.createDirectory(at: build.modules, withIntermediateDirectories: true)
            let macrosFile = staging.appendingPathComponent("Macros.swift")
            let apiFile = staging.appendingPathComponent("SwiftData.swift")
            try Data(macros.utf8).write(to: macrosFile)
            try Data(api.utf8).write(to: apiFile)
            let host = try hostLibraries()
            let plugin = try SwiftCompiler.run(
                [
                    "-emit-library", "-module-name", "SwiftDataStandInMacros", "-o", build.plugin.path,
                    macrosFile.path, "-I", host, "-L", host, "-lSwiftSyntax", "-lSwiftSyntaxMacros",
                    "-lSwiftSyntaxBuilder", "-lSwiftDiagnostics",
                    "-Xlinker", "-rpath", "-Xlinker", host, "-module-cache-path", build.moduleCache.path,
                ])
            guard plugin.succeeded else {
                throw SetupError(description: "building the stand-in macro plugin failed:\n\(plugin.output)")
            }
            let module = try SwiftCompiler.run(
                [
                    "-emit-module", "-module-name", "SwiftData", "-parse-as-library", apiFile.path,
                    "-emit-module-path", build.modules.appendingPathComponent("SwiftData.swiftmodule").path,
                    "-load-plugin-library", build.plugin.path, "-module-cache-path", build.moduleCache.path,
                ])
            guard module.succeeded else {
                throw SetupError(description: "building the SwiftData stand-in failed:\n\(module.output)")
            }
        }
        return standIn(in: folder)
    }

    /// The toolchain's SwiftSyntax host libraries: `<runtimeResourcePath>/host`, as `swiftc -print-target-info`
    /// reports it (so links such as `/usr/bin/swiftc` or Xcode's shims lead to the right toolchain).
    private static func hostLibraries() throws -> String {
        let info = try SwiftCompiler.run(["-print-target-info"])
        guard info.succeeded,
            let json = try JSONSerialization.jsonObject(with: Data(info.output.utf8)) as? [String: Any],
            let paths = json["paths"] as? [String: Any], let resources = paths["runtimeResourcePath"] as? String
        else {
            throw SetupError(description: "swiftc -print-target-info did not give runtimeResourcePath:\n\(info.output)")
        }
        return URL(fileURLWithPath: resources).appendingPathComponent("host").path
    }
}
