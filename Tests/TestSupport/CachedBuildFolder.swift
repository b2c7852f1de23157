import Foundation

/// A folder under the system temporary directory that holds something built once from sources (stand-in modules,
/// a compiler plugin) and is reused by later test processes until the sources or the compiler change.
public enum CachedBuildFolder {
    /// The folder `<label>-<hash of key and swiftc's path>`, built by `build` if `isComplete` says it is not there
    /// yet.
    ///
    /// `build` fills a private staging folder, which is then moved into place, so concurrent test processes never
    /// see half a build. When another process wins the race its (identical) build is used; when the move fails
    /// for another reason the staging folder is used where it is.
    ///
    /// - Parameters:
    ///   - label: The start of the folder's name.
    ///   - key: Everything the build depends on, typically the contents of its source files.
    ///   - isComplete: Whether a folder holds a finished build.
    ///   - build: Builds into the (empty, existing) folder it is given.
    /// - Returns: The folder holding the build.
    /// - Throws: What `build` throws, or file-system errors while staging.
    public static func folder(
        label: String, key: [String], isComplete: (URL) -> Bool, build: (URL) throws -> Void
    ) throws -> URL {
        var hasher = StableHash()
        for part in key { hasher.add(part) }
        hasher.add(try SwiftCompiler.executable().path)
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("\(label)-\(hasher.hex)")
        if isComplete(folder) { return folder }
        let staging = folder.deletingLastPathComponent().appendingPathComponent(
            "\(folder.lastPathComponent)-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: staging, withIntermediateDirectories: true)
        try build(staging)
        if !isComplete(folder) {
            // A leftover from an interrupted run (a cache folder without the build): replace it.
            try? FileManager.default.removeItem(at: folder)
        }
        do {
            try FileManager.default.moveItem(at: staging, to: folder)
            return folder
        } catch {
            if isComplete(folder) {
                try? FileManager.default.removeItem(at: staging)
                return folder
            }
            return staging
        }
    }
}

/// FNV-1a over UTF-8: a stable key for build folders (Swift's `Hasher` is seeded per process).
private struct StableHash {
    private var value: UInt64 = 0xcbf2_9ce4_8422_2325

    mutating func add(_ text: String) {
        for byte in text.utf8 {
            value ^= UInt64(byte)
            value = value &* 0x0000_0100_0000_01B3
        }
        // A separator, so that ("ab", "c") and ("a", "bc") differ.
        value ^= 0xff
        value = value &* 0x0000_0100_0000_01B3
    }

    var hex: String { String(value, radix: 16) }
}
