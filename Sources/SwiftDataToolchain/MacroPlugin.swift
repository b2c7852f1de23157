import Foundation

/// The SwiftData runtime's macro plugin (`Macros/SwiftDataRuntimeMacros.swift`), built with `swiftc` against the
/// toolchain's SwiftSyntax host libraries into a cache folder keyed by the source and the compiler, once per
/// machine.
public struct MacroPlugin: Sendable {
    /// The built plugin library, for `-load-plugin-library`.
    public let library: URL

    /// Builds the plugin (or finds it in the cache).
    ///
    /// - Parameters:
    ///   - source: The plugin source file.
    ///   - compiler: The compiler (its host libraries are used).
    ///   - cacheDirectory: Where builds are cached.
    /// - Throws: ``SwiftDataToolchainError`` (`.pluginBuildFailed` with the compiler output).
    public init(source: URL, compiler: SwiftCompiler, cacheDirectory: URL) throws {
        guard let text = try? String(contentsOf: source, encoding: .utf8) else {
            throw SwiftDataToolchainError(
                kind: .macroSourceNotFound, message: "cannot read \(source.path)", compilerOutput: "")
        }
        let host = try compiler.hostLibraries()
        var hash = StableHash()
        hash.add(text)
        hash.add(compiler.url.path)
        hash.add(try compiler.version())
        let name = "libSwiftDataRuntimeMacros.so"
        let folder = cacheDirectory.appendingPathComponent("macros-\(hash.hex)")
        let built = try CacheFolder.entry(folder, product: name) { staging in
            let outcome = try compiler.run([
                "-emit-library", "-module-name", "SwiftDataRuntimeMacros", "-o",
                staging.appendingPathComponent(name).path,
                source.path, "-I", host.path, "-L", host.path, "-lSwiftSyntax", "-lSwiftSyntaxMacros",
                "-lSwiftSyntaxBuilder", "-lSwiftDiagnostics", "-Xlinker", "-rpath", "-Xlinker", host.path,
                "-module-cache-path", staging.appendingPathComponent("module-cache").path,
            ])
            guard outcome.succeeded else {
                throw SwiftDataToolchainError(
                    kind: .pluginBuildFailed, message: "building the SwiftData macro plugin failed",
                    compilerOutput: outcome.output)
            }
        }
        library = built.appendingPathComponent(name)
    }
}
