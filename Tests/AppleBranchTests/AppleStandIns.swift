import Foundation
import SwiftDataToolchain
import TestSupport

/// Builds the stand-in modules in `StandIns/` (and empty modules of the same names) once per process, into a
/// temporary folder keyed by their sources, and type-checks library files against them with `swiftc`.
enum AppleStandIns {
    /// The stand-in module names; each is `StandIns/<name>.swift.txt`.
    static let moduleNames = ["CommonCrypto", "Darwin"]

    /// A folder of built modules for `-I`, with the Clang module cache the compiler runs use.
    struct Build: Sendable {
        var folder: URL
        var modules: URL { folder.appendingPathComponent("modules") }
        var moduleCache: URL { folder.appendingPathComponent("module-cache") }
    }

    /// The stand-ins with Apple's signatures.
    static let real: Result<Build, Error> = Result {
        try build(label: "carryover-apple-standins", sources: try moduleNames.map(source(of:)))
    }

    /// Modules of the same names that declare nothing, so every name a branch takes from them is reported missing.
    static let empty: Result<Build, Error> = Result {
        try build(label: "carryover-apple-empty-standins", sources: moduleNames.map { _ in "" })
    }

    /// The text of `StandIns/<name>.swift.txt`.
    static func source(of name: String) throws -> String {
        let url = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
            .appendingPathComponent("StandIns/\(name).swift.txt")
        return try String(contentsOf: url, encoding: .utf8)
    }

    /// Type-checks `unit` in Swift 6 mode (warnings are errors) against `build`, so `canImport(CommonCrypto)`
    /// and `canImport(Darwin)` are true and the Apple branches are compiled. With `replacing`, the unit's first
    /// file is type-checked from a copy in which `original` is replaced by `mutated`.
    static func typecheck(
        _ unit: AppleBranchUnit, against build: Build, replacing mutation: (original: String, mutated: String)? = nil
    ) throws -> SwiftCompiler.Outcome {
        var paths = unit.files.map { Fixtures.packageRoot.appendingPathComponent($0).path }
        let scratch = try TemporaryDirectory("carryover-apple-typecheck")
        defer { scratch.remove() }
        if let mutation {
            let text = try String(contentsOfFile: paths[0], encoding: .utf8)
            let copy = scratch.appending(URL(fileURLWithPath: paths[0]).lastPathComponent)
            try Data(text.replacingOccurrences(of: mutation.original, with: mutation.mutated).utf8).write(to: copy)
            paths[0] = copy.path
        }
        return try SwiftCompiler().run(
            [
                "-typecheck", "-swift-version", "6", "-warnings-as-errors", "-parse-as-library",
                "-module-name", unit.module, "-I", build.modules.path, "-module-cache-path", build.moduleCache.path,
            ] + paths)
    }

    private static func build(label: String, sources: [String]) throws -> Build {
        // The modules are built in order, so the last one's presence means the build is complete.
        let lastModule = "modules/\(moduleNames.last ?? "").swiftmodule"
        let key = sources + [try SwiftCompiler().url.path]
        let folder = try CacheFolder.entry(label: label, key: key, product: lastModule) { staging in
            let build = Build(folder: staging)
            try FileManager.default.createDirectory(at: build.modules, withIntermediateDirectories: true)
            for (name, text) in zip(moduleNames, sources) {
                let file = staging.appendingPathComponent("\(name).swift")
                try Data(text.utf8).write(to: file)
                // Swift 5 mode, as Apple's overlays are built (their global `let MAP_FAILED` is not Sendable).
                let outcome = try SwiftCompiler().run(
                    [
                        "-emit-module", "-swift-version", "5", "-parse-as-library", "-module-name", name, file.path,
                        "-emit-module-path", build.modules.appendingPathComponent("\(name).swiftmodule").path,
                        "-module-cache-path", build.moduleCache.path,
                    ])
                guard outcome.succeeded else {
                    throw StandInBuildError(description: "building the \(name) stand-in failed:\n\(outcome.output)")
                }
            }
        }
        return Build(folder: folder)
    }
}

/// Why a stand-in module could not be built.
struct StandInBuildError: Error, CustomStringConvertible {
    var description: String
}
