import Foundation
import RudderMigration

/// File access that fails on chosen paths, the way data protection or a full disk would, and otherwise uses the disk.
final class ScriptedFileAccess: FileAccess, @unchecked Sendable {
    private let lock = NSLock()
    private let real = SystemFileAccess()
    private var unreadable: [String: FileAccessError.Kind] = [:]
    private var writesBeforeFailure: Int?
    private var removalFails = false

    /// Makes reads of `url` fail with `kind` (e.g. `.notPermitted` for a file locked before the first unlock).
    func failReads(of url: URL, with kind: FileAccessError.Kind) {
        lock.locked { unreadable[url.standardizedFileURL.path] = kind }
    }

    /// Lets `count` more atomic writes succeed, then fails every later one (a crash or full disk midway).
    func failWrites(after count: Int) { lock.locked { writesBeforeFailure = count } }

    /// Makes every removal fail.
    func failRemovals() { lock.locked { removalFails = true } }

    /// Restores normal behaviour.
    func heal() {
        lock.locked {
            unreadable = [:]
            writesBeforeFailure = nil
            removalFails = false
        }
    }

    func contents(of url: URL) throws -> Data? {
        if let kind = lock.locked({ unreadable[url.standardizedFileURL.path] }),
            FileManager.default.fileExists(atPath: url.path)
        {
            throw FileAccessError(kind, path: url.path, reason: "simulated")
        }
        return try real.contents(of: url)
    }

    func writeAtomically(_ data: Data, to url: URL) throws {
        let allowed: Bool = lock.locked {
            guard let remaining = writesBeforeFailure else { return true }
            writesBeforeFailure = remaining - 1
            return remaining > 0
        }
        guard allowed else { throw FileAccessError(.ioFailure, path: url.path, reason: "simulated write failure") }
        try real.writeAtomically(data, to: url)
    }

    func removeFile(at url: URL) throws {
        if lock.locked({ removalFails }) {
            throw FileAccessError(.ioFailure, path: url.path, reason: "simulated removal failure")
        }
        try real.removeFile(at: url)
    }
}

/// A store that counts calls through the `KeyValueStore` protocol and forwards them to another store; optionally
/// runs a hook before each read.
final class CountingStore: KeyValueStore, @unchecked Sendable {
    private let lock = NSLock()
    private let base: any KeyValueStore
    private var counts = (reads: 0, writes: 0, removals: 0)
    var beforeRead: (@Sendable () -> Void)?

    init(_ base: any KeyValueStore) { self.base = base }

    var reads: Int { lock.locked { counts.reads } }
    var writes: Int { lock.locked { counts.writes } }
    var removals: Int { lock.locked { counts.removals } }

    var identity: String { base.identity }

    func values(forKeys keys: [String]) throws -> [String: PropertyListValue] {
        beforeRead?()
        lock.locked { counts.reads += 1 }
        return try base.values(forKeys: keys)
    }

    func write(_ values: [String: PropertyListValue]) throws {
        lock.locked { counts.writes += 1 }
        try base.write(values)
    }

    func removeValues(forKeys keys: [String]) throws {
        lock.locked { counts.removals += 1 }
        try base.removeValues(forKeys: keys)
    }
}

/// A store whose writes of one key are silently altered: what a faulty store would do; used to test verification.
final class LyingStore: KeyValueStore {
    private let base: any KeyValueStore
    private let key: String
    init(_ base: any KeyValueStore, altering key: String) {
        self.base = base
        self.key = key
    }
    var identity: String { base.identity }
    func values(forKeys keys: [String]) throws -> [String: PropertyListValue] { try base.values(forKeys: keys) }
    func write(_ values: [String: PropertyListValue]) throws {
        var values = values
        if values[key] != nil { values[key] = .string("altered") }
        try base.write(values)
    }
    func removeValues(forKeys keys: [String]) throws { try base.removeValues(forKeys: keys) }
}

/// Files held in memory: the same read paths as the disk (bytes in, property-list parsing) without disk waits.
final class MemoryFileAccess: FileAccess, @unchecked Sendable {
    private let lock = NSLock()
    private var files: [String: Data] = [:]

    /// Sets (or with `nil` removes) the bytes of the file at `url`.
    func set(_ data: Data?, at url: URL) { lock.locked { files[url.path] = data } }

    func contents(of url: URL) throws -> Data? { lock.locked { files[url.path] } }
    func writeAtomically(_ data: Data, to url: URL) throws { set(data, at: url) }
    func removeFile(at url: URL) throws { set(nil, at: url) }
}
