import Foundation

extension KeyedArchiveReader {
    /// Test-only: the root of the archive in `data`, as a migration reads `rs_traits`. For the archive reader's tests
    /// and fuzzing, which check what it returns or throws on built and broken archives.
    package static func decodeForTesting(_ data: Data) throws(KeyedArchiveError) -> ArchivedValue {
        try KeyedArchiveReader(data).decodeRoot()
    }
}
