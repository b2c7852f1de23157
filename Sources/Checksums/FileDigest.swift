import Foundation

/// Hashes a file's bytes without mapping it: reads it in 1 MiB chunks through a read-only handle and hashes them
/// with the platform's SHA-256 (``PlatformSHA256``).
public enum FileDigest {
    /// The lower-case hex SHA-256 of the file at `url`.
    /// - Throws: The system's error when the file cannot be opened or read.
    public static func sha256(of url: URL) throws -> String {
        let handle = try FileHandle(forReadingFrom: url)
        defer { try? handle.close() }
        let hasher = try PlatformSHA256()
        while let chunk = try handle.read(upToCount: 1 << 20), !chunk.isEmpty {
            try chunk.withUnsafeBytes { try hasher.update($0) }
        }
        return SHA256.hex(try hasher.finalize())
    }
}
