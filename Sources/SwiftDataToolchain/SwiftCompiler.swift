import Foundation

/// The `swiftc` that builds generated programs, and where its SwiftSyntax host libraries are.
public struct SwiftCompiler: Sendable {
    /// What one compiler run printed.
    public struct Outcome: Sendable {
        /// Whether the compiler exited with status 0.
        public var succeeded: Bool
        /// Everything the compiler printed (standard output and error).
        public var output: String

        /// An outcome with this status and output.
        public init(succeeded: Bool, output: String) {
            self.succeeded = succeeded
            self.output = output
        }
    }

    /// The `swiftc` executable.
    public let url: URL

    /// Uses `swiftc` at `url`, or the first `swiftc` on `PATH`, or the one in the toolchain whose Swift runtime
    /// this process runs on.
    ///
    /// - Throws: ``SwiftDataToolchainError`` (`.compilerNotFound`).
    public init(url: URL? = nil) throws {
        if let url {
            self.url = url
            return
        }
        let path = ProcessInfo.processInfo.environment["PATH"] ?? "/usr/bin"
        for folder in path.split(separator: ":") {
            let candidate = URL(fileURLWithPath: String(folder)).appendingPathComponent("swiftc")
            if FileManager.default.isExecutableFile(atPath: candidate.path) {
                self.url = candidate
                return
            }
        }
        if let candidate = Self.runningToolchainCompiler() {
            self.url = candidate
            return
        }
        throw SwiftDataToolchainError(
            kind: .compilerNotFound, message: "no swiftc on PATH or in the running toolchain", compilerOutput: "")
    }

    /// The `swiftc` of the toolchain this process runs on: `<toolchain>/usr/bin/swiftc` for the
    /// `<toolchain>/usr/lib/swift/linux/libswiftCore.so` it has mapped (`/proc/self/maps`), if there is one.
    public static func runningToolchainCompiler() -> URL? {
        // procfs reports a size of 0, so read to the end rather than by size.
        guard let data = FileHandle(forReadingAtPath: "/proc/self/maps")?.readDataToEndOfFile(),
            case let maps = String(decoding: data, as: UTF8.self),
            let line = maps.split(separator: "\n").first(where: { $0.hasSuffix("/libswiftCore.so") }),
            let start = line.firstIndex(of: "/")
        else { return nil }
        let library = URL(fileURLWithPath: String(line[start...]))
        let usr = library.deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
            .deletingLastPathComponent()
        let candidate = usr.appendingPathComponent("bin").appendingPathComponent("swiftc")
        return FileManager.default.isExecutableFile(atPath: candidate.path) ? candidate : nil
    }

    /// Runs the compiler with `arguments`.
    public func run(_ arguments: [String]) throws -> Outcome {
        let run = try CapturedRun(url, arguments)
        return Outcome(succeeded: run.status == 0, output: run.output)
    }

    /// `swiftc --version`, part of every cache key.
    public func version() throws -> String { try run(["--version"]).output }

    /// The toolchain's SwiftSyntax host libraries: `<runtimeResourcePath>/host`, as `swiftc -print-target-info`
    /// reports it (so links such as `/usr/bin/swiftc` lead to the right toolchain).
    ///
    /// - Throws: ``SwiftDataToolchainError`` (`.hostLibrariesNotFound`).
    public func hostLibraries() throws -> URL {
        let info = try run(["-print-target-info"])
        guard info.succeeded,
            let json = try? JSONSerialization.jsonObject(with: Data(info.output.utf8)) as? [String: Any],
            let paths = json["paths"] as? [String: Any], let resources = paths["runtimeResourcePath"] as? String
        else {
            throw SwiftDataToolchainError(
                kind: .hostLibrariesNotFound, message: "swiftc -print-target-info did not give runtimeResourcePath",
                compilerOutput: info.output)
        }
        return URL(fileURLWithPath: resources).appendingPathComponent("host")
    }
}
