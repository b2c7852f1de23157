import Foundation

/// Compiles Swift sources that `import SwiftData` (with `@Model` classes) into an executable linked against the
/// package's `libCarryoverRehearsal`, the Linux SwiftData runtime, or type-checks them.
///
/// The build folder (`.build/<configuration>`, holding `libCarryoverRehearsal.so` and `Modules/`) is found from the
/// running executable (the `carryover` tool and the test bundle live there) unless given. Executables are cached
/// by a hash of the sources, flags, compiler and the library's size and modification time.
///
/// ```swift
/// let builder = try SwiftProgramBuilder()
/// let executable = try builder.build(files: ["main.swift": source, "Models.swift": models])
/// // run `executable` with Process
/// ```
public struct SwiftProgramBuilder: Sendable {
    /// The package build folder with `libCarryoverRehearsal.so` and `Modules/SwiftData.swiftmodule`.
    public let buildDirectory: URL
    /// The compiler.
    public let compiler: SwiftCompiler
    /// The macro plugin.
    public let plugin: MacroPlugin
    /// Where plugins and executables are cached.
    public let cacheDirectory: URL
    private let packageRoot: URL?

    /// Finds the compiler and build folder and builds (or finds) the macro plugin.
    ///
    /// - Parameters:
    ///   - buildDirectory: The build folder; by default the running executable's folder, or the nearest parent
    ///     that holds `libCarryoverRehearsal.so`. When the running executable was built by SwiftPM in a package
    ///     checkout that has not built the runtime yet (`swift run carryover realm rehearse …` in a fresh clone),
    ///     it is built there first (`swift build --product CarryoverRehearsal`, in the executable's configuration).
    ///   - compiler: The compiler; by default `swiftc` on `PATH`.
    ///   - cacheDirectory: Where builds are cached; by default `<temporary directory>/carryover-swiftdata`.
    /// - Throws: ``SwiftDataToolchainError``.
    public init(buildDirectory: URL? = nil, compiler: SwiftCompiler? = nil, cacheDirectory: URL? = nil) throws {
        let compiler = try compiler ?? SwiftCompiler()
        guard let directory = try buildDirectory ?? Self.findBuildDirectory() ?? Self.buildRuntime(with: compiler)
        else {
            throw SwiftDataToolchainError(
                kind: .buildDirectoryNotFound,
                message:
                    "no libCarryoverRehearsal.so next to \(Self.executablePath ?? "this executable"), and it is not in "
                    + "a package's .build folder to build it in; run swift build in the Carryover checkout",
                compilerOutput: "")
        }
        let cache =
            cacheDirectory ?? FileManager.default.temporaryDirectory.appendingPathComponent("carryover-swiftdata")
        let root = Self.packageRoot(from: directory)
        guard let root, FileManager.default.fileExists(atPath: Self.macroSource(root).path) else {
            throw SwiftDataToolchainError(
                kind: .macroSourceNotFound,
                message: "Macros/SwiftDataRuntimeMacros.swift not found above \(directory.path)",
                compilerOutput: "")
        }
        self.buildDirectory = directory
        self.compiler = compiler
        self.cacheDirectory = cache
        self.packageRoot = root
        self.plugin = try MacroPlugin(source: Self.macroSource(root), compiler: compiler, cacheDirectory: cache)
    }

    static func macroSource(_ root: URL) -> URL {
        root.appendingPathComponent("Macros").appendingPathComponent("SwiftDataRuntimeMacros.swift")
    }

    /// The flags that make `import SwiftData` resolve to the runtime and load its macros.
    public var moduleFlags: [String] {
        var flags = [
            "-I", buildDirectory.appendingPathComponent("Modules").path, "-load-plugin-library", plugin.library.path,
            "-swift-version", "6", "-module-cache-path", cacheDirectory.appendingPathComponent("module-cache").path,
        ]
        if let packageRoot {
            // The runtime imports the CSQLite system module and its fault-injection layer internally, and the
            // migration library (imported by generated importers) COpenSSLCrypto through its dependencies; their
            // module maps must be visible.
            for map in ["CSQLite", "COpenSSLCrypto", "SQLiteFaultInjection/include"] {
                let path = packageRoot.appendingPathComponent("Sources/\(map)/module.modulemap").path
                flags += ["-Xcc", "-fmodule-map-file=\(path)"]
            }
        }
        return flags
    }

    /// Type-checks `files` (name → contents) as one module up to SIL, so definite initialization is checked too.
    ///
    /// - Parameters:
    ///   - files: The sources, name → contents.
    ///   - compilationConditions: Conditions set with `-D` (`FEATURE_X` makes `#if FEATURE_X` true).
    /// - Returns: Whether it succeeded and what the compiler said.
    public func typecheck(files: [String: String], compilationConditions: [String] = []) throws
        -> SwiftCompiler.Outcome
    {
        let folder = cacheDirectory.appendingPathComponent("typecheck-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        let paths = try write(files, into: folder)
        // Never `-o /dev/null`: the compiler renames a temporary file over its output.
        return try compiler.run(
            [
                "-emit-sil", "-wmo", "-o", folder.appendingPathComponent("out.sil").path, "-parse-as-library",
                "-module-name", "GeneratedModels",
            ] + moduleFlags + compilationConditions.flatMap { ["-D", $0] } + paths)
    }

    /// Compiles `files` (name → contents) into an executable and returns its location (cached).
    ///
    /// A file named `main.swift` holds top-level code; otherwise one type must be marked `@main`.
    ///
    /// - Parameters:
    ///   - files: The sources.
    ///   - optimized: Whether to compile with `-O`.
    /// - Throws: ``SwiftDataToolchainError`` (`.compilationFailed` with the compiler output).
    public func build(files: [String: String], optimized: Bool = false) throws -> URL {
        let library = buildDirectory.appendingPathComponent("libCarryoverRehearsal.so")
        let attributes = try FileManager.default.attributesOfItem(atPath: library.path)
        var hash = StableHash()
        for name in files.keys.sorted() {
            hash.add(name)
            hash.add(files[name] ?? "")
        }
        hash.add(optimized ? "-O" : "-Onone")
        hash.add(try compiler.version())
        hash.add(plugin.library.path)
        hash.add(buildDirectory.path)
        hash.add("\(attributes[.size] ?? 0) \((attributes[.modificationDate] as? Date)?.timeIntervalSince1970 ?? 0)")
        let folder = cacheDirectory.appendingPathComponent("program-\(hash.hex)")
        let built = try CacheFolder.entry(folder, product: "program") { staging in
            let sources = staging.appendingPathComponent("Sources")
            try FileManager.default.createDirectory(at: sources, withIntermediateDirectories: true)
            let paths = try write(files, into: sources)
            var arguments = paths + ["-o", staging.appendingPathComponent("program").path, "-module-name", "Program"]
            if files["main.swift"] == nil { arguments.append("-parse-as-library") }
            arguments += optimized ? ["-O"] : ["-Onone"]
            arguments += moduleFlags
            arguments += [
                "-L", buildDirectory.path, "-lCarryoverRehearsal", "-Xlinker", "-rpath", "-Xlinker",
                buildDirectory.path,
            ]
            let outcome = try compiler.run(arguments)
            guard outcome.succeeded else {
                throw SwiftDataToolchainError(
                    kind: .compilationFailed, message: "the program did not compile", compilerOutput: outcome.output)
            }
        }
        return built.appendingPathComponent("program")
    }

    private func write(_ files: [String: String], into folder: URL) throws -> [String] {
        try files.keys.sorted().map { name in
            let url = folder.appendingPathComponent(name.hasSuffix(".swift") ? name : name + ".swift")
            try Data((files[name] ?? "").utf8).write(to: url)
            return url.path
        }
    }

    static var executablePath: String? {
        (try? FileManager.default.destinationOfSymbolicLink(atPath: "/proc/self/exe")) ?? CommandLine.arguments.first
    }

    /// The running executable's folder or the nearest parent holding the runtime library and module.
    static func findBuildDirectory() -> URL? {
        guard let path = executablePath else { return nil }
        var folder = URL(fileURLWithPath: path).resolvingSymlinksInPath().deletingLastPathComponent()
        for _ in 0..<4 {
            let library = folder.appendingPathComponent("libCarryoverRehearsal.so")
            let module = folder.appendingPathComponent("Modules/SwiftData.swiftmodule")
            if FileManager.default.fileExists(atPath: library.path)
                && FileManager.default.fileExists(atPath: module.path)
            {
                return folder
            }
            folder = folder.deletingLastPathComponent()
        }
        return nil
    }

    /// Builds the runtime library product beside the running executable when that executable lives in a package's
    /// `.build/<configuration>` folder (as `swift run` leaves it), and returns that folder; `nil` when it does not.
    /// - Throws: ``SwiftDataToolchainError`` (`.buildDirectoryNotFound` with SwiftPM's output) when the build fails.
    static func buildRuntime(with compiler: SwiftCompiler) throws -> URL? {
        guard let path = executablePath else { return nil }
        let folder = URL(fileURLWithPath: path).resolvingSymlinksInPath().deletingLastPathComponent()
        let configuration = folder.lastPathComponent
        guard ["debug", "release"].contains(configuration), folder.path.contains("/.build/"),
            let root = packageRoot(from: folder),
            FileManager.default.fileExists(atPath: root.appendingPathComponent("Package.swift").path)
        else { return nil }
        let swift = compiler.url.deletingLastPathComponent().appendingPathComponent("swift")
        let run = try CapturedRun(
            swift,
            [
                "build", "--package-path", root.path, "--configuration", configuration, "--product",
                "CarryoverRehearsal",
            ])
        guard run.status == 0 else {
            throw SwiftDataToolchainError(
                kind: .buildDirectoryNotFound,
                message: "building the SwiftData runtime (swift build --product CarryoverRehearsal) failed",
                compilerOutput: run.output)
        }
        return findBuildDirectory()
    }

    /// The package root: the parent of the `.build` folder above the build folder, else the one this file was
    /// compiled from.
    static func packageRoot(from buildDirectory: URL) -> URL? {
        var folder = buildDirectory.standardizedFileURL
        while folder.path != "/" {
            if folder.lastPathComponent == ".build" { return folder.deletingLastPathComponent() }
            folder = folder.deletingLastPathComponent()
        }
        let source = URL(fileURLWithPath: #filePath)
        return source.deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
    }
}
