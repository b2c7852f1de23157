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
