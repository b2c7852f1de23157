import Foundation

/// `swift run -c release CarryoverBenchmarks <name>`; fixtures from `$CARRYOVER_FIXTURES` or `../shared/fixtures`.
let fixtures: URL = {
    if let override = ProcessInfo.processInfo.environment["CARRYOVER_FIXTURES"], !override.isEmpty {
        return URL(fileURLWithPath: override).appendingPathComponent("realm")
    }
    return URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .deletingLastPathComponent().appendingPathComponent("shared/fixtures/realm")
}()

switch CommandLine.arguments.dropFirst().first {
case "encryption":
    try EncryptionBenchmark.run(fixtures: fixtures)
default:
    print("usage: CarryoverBenchmarks encryption")
}
