import Foundation

/// How the migration touches files. Injectable so that tests can simulate errors the real file system cannot
/// produce in a test run (data protection before the first unlock; permission errors while running as root).
public protocol FileAccess: Sendable {
    /// The file's contents, or `nil` if no file exists at `url`.
    /// - Throws: `FileAccessError` when the file exists but cannot be read.
    func contents(of url: URL) throws -> Data?

    /// Replaces the file at `url` with `data` atomically (a temporary file in the same folder, then a rename), creating
    /// the folder if needed. Readers see either the old or the new file, never a partial one.
    /// - Throws: `FileAccessError` when writing or renaming fails.
    func writeAtomically(_ data: Data, to url: URL) throws

    /// Removes the file at `url`; does nothing if there is none.
    /// - Throws: `FileAccessError` when the file exists and cannot be removed.
    func removeFile(at url: URL) throws
}
