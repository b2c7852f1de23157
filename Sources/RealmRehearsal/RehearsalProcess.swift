import Foundation
import MigrationEngine
import RealmRehearsalDriver
import RealmToSwiftData
import SwiftDataToolchain

/// Runs a built rehearsal program as a child process: progress lines from its standard error go to `progress`,
/// its result is the last line of its standard output. `environment` is added to this process's.
enum RehearsalProcess {
    static func run(
        _ executable: URL, request: RehearsalRequest, environment: [String: String],
        progress: @escaping @Sendable (RealmToSwiftDataProgress) -> Void
    ) async throws -> RehearsalResult {
        let process = Process()
        process.executableURL = executable
        process.arguments = [String(decoding: try JSONEncoder().encode(request), as: UTF8.self)]
        let output = Pipe()
        let errors = Pipe()
        process.standardOutput = output
        process.standardError = errors
        process.standardInput = FileHandle.nullDevice
        if !environment.isEmpty {
            process.environment = ProcessInfo.processInfo.environment.merging(environment) { _, added in added }
        }
        let log = LineCollector(progress: progress)
        try process.run()
        let progressLines = Task.detached {
            try errors.fileHandleForReading.readChunksRetryingInterrupts {
                log.take($0)
                return true
            }
        }
        let answer = try await Task.detached { try output.fileHandleForReading.readToEndRetryingInterrupts() }.value
        process.waitUntilExit()
        try await progressLines.value
        let lastLine = String(decoding: answer, as: UTF8.self).split(separator: "\n").last.map(String.init) ?? ""
        guard let result = try? JSONDecoder().decode(RehearsalResult.self, from: Data(lastLine.utf8)) else {
            throw RealmRehearsalError.programFailed(
                status: process.terminationStatus,
                output: String(decoding: answer, as: UTF8.self) + log.otherText)
        }
        return result
    }
}

/// Splits a child's standard error into lines: `progress <json>` lines become progress values, the rest is kept.
private final class LineCollector: Sendable {
    private struct State {
        var pending = Data()
        var other = ""
    }

    private let state = Locked(State())
    private let progress: @Sendable (RealmToSwiftDataProgress) -> Void

    init(progress: @escaping @Sendable (RealmToSwiftDataProgress) -> Void) {
        self.progress = progress
    }

    var otherText: String { state.withLock { $0.other } }

    func take(_ data: Data) {
        let lines: [Data] = state.withLock { state in
            state.pending.append(data)
            var complete: [Data] = []
            while let newline = state.pending.firstIndex(of: 0x0A) {
                complete.append(state.pending[state.pending.startIndex..<newline])
                state.pending.removeSubrange(state.pending.startIndex...newline)
            }
            return complete
        }
        for line in lines {
            let text = String(decoding: line, as: UTF8.self)
            if text.hasPrefix("progress "),
                let value = try? JSONDecoder().decode(RealmToSwiftDataProgress.self, from: Data(text.dropFirst(9).utf8))
            {
                progress(value)
            } else {
                state.withLock { $0.other += text + "\n" }
            }
        }
    }
}
