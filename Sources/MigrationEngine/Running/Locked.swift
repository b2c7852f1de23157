import Foundation

/// A value guarded by a lock, shared between the migration's thread and its async callers.
///
/// Every read and write of `value` happens inside ``withLock(_:)``, which is what makes the unchecked
/// `Sendable` conformance hold.
package final class Locked<Value: Sendable>: @unchecked Sendable {
    private let lock = NSLock()
    private var value: Value

    package init(_ value: Value) { self.value = value }

    /// Runs `body` with exclusive access to the value.
    package func withLock<Result>(_ body: (inout Value) throws -> Result) rethrows -> Result {
        lock.lock()
        defer { lock.unlock() }
        return try body(&value)
    }
}
