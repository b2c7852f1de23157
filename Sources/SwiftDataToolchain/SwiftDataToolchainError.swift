/// Why a Swift program could not be built: what failed, with the compiler's output.
public struct SwiftDataToolchainError: Error, Sendable, CustomStringConvertible {
    /// What failed.
    public enum Kind: String, Sendable {
        /// No `swiftc` on `PATH` or next to the running toolchain.
        case compilerNotFound
        /// `swiftc -print-target-info` did not name the host libraries.
        case hostLibrariesNotFound
        /// The package's build folder (with `libCarryoverRehearsal` and `Modules/SwiftData.swiftmodule`) was not
        /// found.
        case buildDirectoryNotFound
        /// The macro plugin source (`Macros/SwiftDataRuntimeMacros.swift`) was not found.
        case macroSourceNotFound
        /// The macro plugin did not compile.
        case pluginBuildFailed
        /// The program did not compile.
        case compilationFailed
    }

    /// What failed.
    public var kind: Kind
    /// What failed, in words.
    public var message: String
    /// Everything the compiler printed, if it ran.
    public var compilerOutput: String

    /// The message, then the compiler output.
    public var description: String {
        compilerOutput.isEmpty ? "\(kind.rawValue): \(message)" : "\(kind.rawValue): \(message)\n\(compilerOutput)"
    }
}
