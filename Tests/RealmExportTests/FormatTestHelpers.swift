import Foundation
import RealmExport

/// Runs `body` against a fresh in-memory output and returns what it wrote as text (bytes kept as Latin-1
/// would lose nothing, but every test input here is UTF-8).
func rendered(_ body: (OutputBuffer) -> Void) throws -> String {
    let destination = MemoryDestination()
    let output = OutputBuffer(destination: destination, capacity: 64)
    body(output)
    try output.flush()
    return String(decoding: destination.bytes, as: UTF8.self)
}

/// Like `rendered`, but returns the raw bytes.
func renderedBytes(_ body: (OutputBuffer) -> Void) throws -> [UInt8] {
    let destination = MemoryDestination()
    let output = OutputBuffer(destination: destination, capacity: 64)
    body(output)
    try output.flush()
    return destination.bytes
}

/// A small deterministic generator (SplitMix64) so randomized checks are reproducible.
struct SeededGenerator: RandomNumberGenerator {
    var state: UInt64
    init(seed: UInt64) { state = seed }
    mutating func next() -> UInt64 {
        state &+= 0x9E37_79B9_7F4A_7C15
        var z = state
        z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
        z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
        return z ^ (z >> 31)
    }
}
