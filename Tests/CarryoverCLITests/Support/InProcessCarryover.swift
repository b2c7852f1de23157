import CarryoverCLI
import Foundation
import RealmExport

/// Runs `carryover` commands in this process, through the same runner the executable uses, capturing what they
/// print. Tests of the real process (exit by signal, Ctrl-C) use `CarryoverBinary` instead.
enum InProcessCarryover {
    /// What one in-process run did: the same facts as `CarryoverBinary.Result`.
    struct Result: Sendable {
        var status: Int32
        var standardOutput: String
        var standardError: String
    }

    /// Runs `carryover arguments...` to completion and returns its exit status and output.
    static func run(_ arguments: [String]) async -> Result {
        let output = CapturedStream()
        let error = CapturedStream()
        let status = await CarryoverTool.run(arguments, console: Console(output: output, error: error))
        return Result(status: status.rawValue, standardOutput: output.text, standardError: error.text)
    }
}

/// A console stream that keeps everything written to it, as bytes.
private final class CapturedStream: ConsoleStream, ByteDestination, @unchecked Sendable {
    private let lock = NSLock()
    private var bytes: [UInt8] = []

    var text: String { lock.withLock { String(decoding: bytes, as: UTF8.self) } }

    var isTerminal: Bool { false }

    func write(_ text: String) { lock.withLock { bytes.append(contentsOf: text.utf8) } }

    func write(_ bytes: UnsafeRawBufferPointer) throws { lock.withLock { self.bytes.append(contentsOf: bytes) } }

    func byteDestination() -> any ByteDestination { self }
}
