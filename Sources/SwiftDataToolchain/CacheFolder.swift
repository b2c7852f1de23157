import Foundation

/// A cache entry built once and shared by concurrent processes: built in a private staging folder, then renamed
/// into place (a rename is atomic, so nobody sees half a build).
public enum CacheFolder {
    /// The folder once it holds `product`: found, or built by `build` into a staging folder that is renamed.
    public static func entry(_ folder: URL, product: String, build: (URL) throws -> Void) throws -> URL {
        func isComplete(_ folder: URL) -> Bool {
            FileManager.default.fileExists(atPath: folder.appendingPathComponent(product).path)
        }
        if isComplete(folder) { return folder }
        let parent = folder.deletingLastPathComponent()
        try FileManager.default.createDirectory(at: parent, withIntermediateDirectories: true)
        let staging = parent.appendingPathComponent(".\(folder.lastPathComponent)-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: staging, withIntermediateDirectories: true)
        do {
            try build(staging)
        } catch {
            try? FileManager.default.removeItem(at: staging)
            throw error
        }
        // A leftover of an interrupted run (a folder without the build) is replaced.
        if FileManager.default.fileExists(atPath: folder.path) && !isComplete(folder) {
            try? FileManager.default.removeItem(at: folder)
        }
        do {
            try FileManager.default.moveItem(at: staging, to: folder)
            return folder
        } catch {
            // Another process won the race with the same build; otherwise use this one where it is.
            if isComplete(folder) {
                try? FileManager.default.removeItem(at: staging)
                return folder
            }
            return staging
        }
    }

    /// The cache folder `<temporary directory>/<label>-<hash of key>`, built by `build` into a staging folder when
    /// `product` (a path inside it) is missing; see ``entry(_:product:build:)``.
    public static func entry(label: String, key: [String], product: String, build: (URL) throws -> Void) throws
        -> URL
    {
        var hasher = StableHash()
        for part in key { hasher.add(part) }
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("\(label)-\(hasher.hex)")
        return try entry(folder, product: product, build: build)
    }
}
