import Foundation
import TestSupport

/// Runs the `sqlite3` shell (installed by scripts/install-dependencies) on a database and returns its output.
func sqliteShell(_ database: String, _ sql: String, readOnly: Bool = true) throws -> String {
    let process = Process()
    process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
    process.arguments = ["sqlite3"] + (readOnly ? ["-readonly"] : []) + [database, sql]
    let output = Pipe()
    process.standardOutput = output
    process.standardError = FileHandle.nullDevice
    try process.run()
    let data = output.fileHandleForReading.readDataToEndOfFile()
    process.waitUntilExit()
    return String(decoding: data, as: UTF8.self)
}

/// A seeded pseudo-random generator (splitmix64), so a failing run can be replayed.
struct SeededRandom {
    private var state: UInt64
    init(seed: UInt64) { state = seed }
    mutating func next() -> UInt64 {
        state &+= 0x9E37_79B9_7F4A_7C15
        var z = state
        z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
        z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
        return z ^ (z >> 31)
    }
}

/// Copies a fixture to `url` with `body` applied to its bytes.
func writeDamagedCopy(of fixture: String, to url: URL, _ body: (inout Data) -> Void) throws {
    var data = try Data(contentsOf: Fixtures.realm(fixture))
    body(&data)
    try data.write(to: url)
}
