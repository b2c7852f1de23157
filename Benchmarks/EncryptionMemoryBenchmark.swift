import Foundation

/// `encryption-memory`: the peak resident set size of one full read and of one JSON export of
/// `medium_encrypted.v24.realm` and of its plain twin `medium.v24.realm`, each in a fresh child process
/// (`encryption-memory-child plain|encrypted read|export`), so that no run inherits another's peak.
enum EncryptionMemoryBenchmark {
    static func run() throws {
        print("encryption-memory: peak RSS (VmHWM) of one pass in a fresh process; 'start' = before opening the file")
        for work in ["read", "export"] {
            let plain = try child(["plain", work])
            let encrypted = try child(["encrypted", work])
            print(
                String(
                    format: "  %@ every object: plain %.1f MB (start %.1f), encrypted %.1f MB (start %.1f) -> %.2fx",
                    work, plain.peak, plain.start, encrypted.peak, encrypted.start, encrypted.peak / plain.peak))
        }
    }

    /// One pass in this process: `plain|encrypted read|export`; prints the RSS before opening and the peak after.
    static func runChild(_ arguments: [String]) throws {
        guard arguments.count == 2 else { throw BenchmarkError("encryption-memory-child plain|encrypted read|export") }
        let fixtures = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
            .deletingLastPathComponent().appendingPathComponent("shared/fixtures/realm")
        let isEncrypted = arguments[0] == "encrypted"
        let url = fixtures.appendingPathComponent(isEncrypted ? "medium_encrypted.v24.realm" : "medium.v24.realm")
        let key = isEncrypted ? EncryptionBenchmark.key : nil
        let start = RealmReadBenchmark.peakResidentMegabytes()
        if arguments[1] == "export" {
            _ = try EncryptionBenchmark.exportJSON(url, key: key)
        } else {
            _ = try EncryptionBenchmark.readAll(url, key: key)
        }
        print(start, RealmReadBenchmark.peakResidentMegabytes())
    }

    private static func child(_ arguments: [String]) throws -> (start: Double, peak: Double) {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: CommandLine.arguments[0])
        process.arguments = ["encryption-memory-child"] + arguments
        let pipe = Pipe()
        process.standardOutput = pipe
        try process.run()
        let output = String(decoding: pipe.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
        process.waitUntilExit()
        let numbers = output.split(whereSeparator: \.isWhitespace).compactMap { Double($0) }
        guard process.terminationStatus == 0, numbers.count == 2 else {
            throw BenchmarkError("encryption-memory-child \(arguments) failed: \(output)")
        }
        return (numbers[0], numbers[1])
    }
}
