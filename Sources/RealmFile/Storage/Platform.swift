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

    /// Gives the memory of `length` bytes at `pointer` (whole pages of private anonymous memory) back to the
    /// system and makes it read as zeros again. Linux frees such pages on `MADV_DONTNEED`; Darwin's `MADV_FREE`
    /// may leave the old bytes in place, so there the range is replaced by a fresh anonymous mapping. Returns
    /// `false` when the memory could not be released (its bytes are then unchanged).
    static func releaseAnonymousPages(_ pointer: UnsafeMutableRawPointer, length: Int) -> Bool {
        #if canImport(Darwin)
            let mapped = mmap(pointer, length, PROT_READ | PROT_WRITE, MAP_PRIVATE | MAP_ANON | MAP_FIXED, -1, 0)
            return mapped == pointer
        #elseif canImport(Glibc) || canImport(Musl)
            return madvise(pointer, length, MADV_DONTNEED) == 0
        #else
            return false
        #endif
    }

    /// Releases a mapping made by `mapFile`.
    static func unmap(_ pointer: UnsafeRawPointer, length: Int) {
        #if canImport(Darwin) || canImport(Glibc) || canImport(Musl)
            _ = munmap(UnsafeMutableRawPointer(mutating: pointer), length)
        #endif
    }
}
