import Foundation
import SwiftDataToolchain
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
    let data = try output.fileHandleForReading.readToEndRetryingInterrupts()
    process.waitUntilExit()
    return String(decoding: data, as: UTF8.self)
}

/// Copies a fixture to `url` with `body` applied to its bytes.
func writeDamagedCopy(of fixture: String, to url: URL, _ body: (inout Data) -> Void) throws {
    var data = try Data(contentsOf: Fixtures.realm(fixture))
    body(&data)
    try data.write(to: url)
}
