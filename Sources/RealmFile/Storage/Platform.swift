#if canImport(Darwin)
    import Darwin
#elseif canImport(Glibc)
    import Glibc
#elseif canImport(Musl)
    import Musl
#endif

/// Memory-maps files read-only where the C library offers `mmap` (Darwin, Glibc, Musl); elsewhere every call
/// returns `nil` and the reader falls back to reading the file into memory.
enum Platform {
    /// Maps the whole file at `path` read-only and private. Returns the mapping and its length, or `nil` when
    /// the file cannot be mapped (then the caller reads it instead, which reports the real error).
    static func mapFile(atPath path: String) -> (pointer: UnsafeRawPointer, length: Int)? {
        #if canImport(Darwin) || canImport(Glibc) || canImport(Musl)
            let descriptor = open(path, O_RDONLY)
            guard descriptor >= 0 else { return nil }
            defer { close(descriptor) }
            var status = stat()
            guard fstat(descriptor, &status) == 0, (status.st_mode & S_IFMT) == S_IFREG else { return nil }
            guard let length = Int(exactly: status.st_size), length > 0 else { return nil }
            guard let mapped = mmap(nil, length, PROT_READ, MAP_PRIVATE, descriptor, 0),
                mapped != MAP_FAILED
            else { return nil }
            return (UnsafeRawPointer(mapped), length)
        #else
            return nil
        #endif
    }

    /// Drops the resident pages of a read-only file mapping made by `mapFile`. The mapping stays valid: a page
    /// touched again is read back from the (still cached) file, so this only lowers the resident set size.
    static func dropResidentPages(_ pointer: UnsafeRawPointer, length: Int) {
        #if canImport(Darwin) || canImport(Glibc) || canImport(Musl)
            _ = madvise(UnsafeMutableRawPointer(mutating: pointer), length, MADV_DONTNEED)
        #endif
    }

    /// Releases a mapping made by `mapFile`.
    static func unmap(_ pointer: UnsafeRawPointer, length: Int) {
        #if canImport(Darwin) || canImport(Glibc) || canImport(Musl)
            _ = munmap(UnsafeMutableRawPointer(mutating: pointer), length)
        #endif
    }
}
