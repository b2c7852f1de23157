import Foundation

extension NSLock {
    /// Runs `body` holding the lock (`withLock` needs macOS 14 / iOS 17; the package supports older systems).
    func locked<T>(_ body: () throws -> T) rethrows -> T {
        lock()
        defer { unlock() }
        return try body()
    }
}
