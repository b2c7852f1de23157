import Foundation
import SwiftDataToolchain
import TestSupport
import Testing

#if canImport(Glibc)
    import Glibc
#endif

/// SIGKILLs a process in a loop of saves at seeded moments and checks the store holds exactly the state of the last
/// save that committed: the last one the child reported, or the one after it if the kill came between commit and
/// report; never part of a save.
@Suite struct CrashSafetyTests {
    @Test func killDuringSavesLeavesTheLastCommittedSave() throws {
        let executable = try TestPrograms.executable("Crash")
        var random = SeededRandomNumberGenerator.replayable("CrashSafetyTests")
        let directory = try TemporaryDirectory("swiftdata-runtime-crash")
        defer { directory.remove() }
        for round in 0..<6 {
            let store = directory.appending("crash\(round).store").path
            let process = Process()
            process.executableURL = executable
            process.arguments = ["write", store]
            let pipe = Pipe()
            process.standardOutput = pipe
            process.standardError = pipe
            try process.run()
            let savesBeforeKill = Int.random(in: 1...12, using: &random)
            let delayMicroseconds = UInt32.random(in: 0...15_000, using: &random)
            var output = ""
            try pipe.fileHandleForReading.readChunksRetryingInterrupts { chunk in
                output += String(decoding: chunk, as: UTF8.self)
                return output.components(separatedBy: "saved ").count - 1 < savesBeforeKill
            }
            usleep(delayMicroseconds)
            kill(process.processIdentifier, SIGKILL)
            process.waitUntilExit()
            output += String(decoding: try pipe.fileHandleForReading.readToEndRetryingInterrupts(), as: UTF8.self)
            let reported =
                output.split(separator: "\n").compactMap { line in
                    line.hasPrefix("saved ") ? Int(line.dropFirst(6)) : nil
                }.last ?? 0
            #expect(process.terminationReason == .uncaughtSignal, "round \(round): the child was not killed: \(output)")

            let verify = try TestPrograms.run(executable, ["verify", store])
            let state = verify.output.split(separator: "\n").first { $0.hasPrefix("state ") }.flatMap {
                Int($0.dropFirst(6))
            }
            #expect(verify.output.contains("consistent true"), "round \(round) (seed \(random.seed)): \(verify.output)")
            #expect(
                state == reported || state == reported + 1,
                "round \(round) (seed \(random.seed)): reported \(reported), store holds \(state.map(String.init) ?? "?")"
            )
        }
    }
}
