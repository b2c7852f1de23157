import Foundation
import SwiftDataToolchain

/// Runs the built `carryover` executable, the way a user does, and captures what it prints.
public enum CarryoverBinary {
    /// What one run of the tool did.
    public struct Result: Sendable {
        public var status: Int32
        public var standardOutput: String
        public var standardError: String
    }

    /// The built executable, next to the test bundle in the build products folder.
    public static var url: URL {
        var directory = Bundle.main.bundleURL
        for _ in 0..<4 {
            let candidate = directory.appendingPathComponent("carryover")
            if FileManager.default.isExecutableFile(atPath: candidate.path) { return candidate }
            directory = directory.deletingLastPathComponent()
        }
        return Bundle.main.bundleURL.deletingLastPathComponent().appendingPathComponent("carryover")
    }

    /// Runs `carryover arguments...` to completion and returns its exit status and output.
    public static func run(_ arguments: [String], environment: [String: String]? = nil) throws -> Result {
        let process = Process()
        process.executableURL = url
        process.arguments = arguments
        if let environment { process.environment = environment }
        let output = Pipe()
        let error = Pipe()
        process.standardOutput = output
        process.standardError = error
        process.standardInput = FileHandle.nullDevice
        try process.run()
        // Read both pipes concurrently so a chatty process cannot block on a full pipe.
        nonisolated(unsafe) var errorData = Data()
        let errorReader = Thread {
            errorData = (try? error.fileHandleForReading.readToEndRetryingInterrupts()) ?? Data()
        }
        errorReader.start()
        let outputData = try output.fileHandleForReading.readToEndRetryingInterrupts()
        process.waitUntilExit()
        while errorReader.isExecuting || !errorReader.isFinished { usleep(1000) }
        return Result(
            status: process.terminationStatus,
            standardOutput: String(decoding: outputData, as: UTF8.self),
            standardError: String(decoding: errorData, as: UTF8.self)
        )
    }
}
