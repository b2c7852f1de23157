import Foundation

#if canImport(Glibc)
    import Glibc
#elseif canImport(Musl)
    import Musl
#endif

/// The free space of a volume, as the platform reports it.
enum VolumeFreeSpace {
    /// Bytes available to the app on the volume holding `url`, or `nil` when the platform does not say.
    static func availableBytes(at url: URL) throws -> Int64? {
        #if os(iOS) || os(macOS)
            // The capacity the system would make available for work the user asked for (purging caches if needed).
            let values = try url.resourceValues(forKeys: [.volumeAvailableCapacityForImportantUsageKey])
            return values.volumeAvailableCapacityForImportantUsage
        #elseif canImport(Glibc) || canImport(Musl)
            var info = statvfs()
            let directory = url.deletingLastPathComponent().path
            guard statvfs(directory, &info) == 0 else { return nil }
            let (bytes, overflow) = Int64(info.f_bavail).multipliedReportingOverflow(by: Int64(info.f_frsize))
            return overflow ? Int64.max : bytes
        #else
            return nil
        #endif
    }
}
