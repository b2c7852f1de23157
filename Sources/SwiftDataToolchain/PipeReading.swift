import Foundation

#if canImport(Glibc)
    import Glibc
    private let systemRead = Glibc.read
#elseif canImport(Darwin)
    import Darwin
    private let systemRead = Darwin.read
#endif

extension FileHandle {
    /// Reads with `read(2)`, retried when a signal interrupts it, handing each chunk to `body` as it arrives, until
    /// end of file or until `body` returns `false`.
    ///
    /// Foundation's `readDataToEndOfFile()` and `availableData` trap when `read` fails with `EINTR`, which a child
    /// process's `SIGCHLD` can cause while a parent reads the child's pipe.
    /// - Throws: `POSIXError` when `read` fails for another reason, or what `body` throws.
    public func readChunksRetryingInterrupts(_ body: (Data) throws -> Bool) throws {
        var buffer = [UInt8](repeating: 0, count: 64 * 1024)
        while true {
            let count = buffer.withUnsafeMutableBytes { systemRead(fileDescriptor, $0.baseAddress, $0.count) }
            if count > 0 {
                guard try body(Data(buffer[0..<count])) else { return }
            } else if count == 0 {
                return
            } else if errno != EINTR {
                throw POSIXError(POSIXErrorCode(rawValue: errno) ?? .EIO)
            }
        }
    }

    /// Everything readable until end of file (see ``readChunksRetryingInterrupts(_:)``).
    public func readToEndRetryingInterrupts() throws -> Data {
        var data = Data()
        try readChunksRetryingInterrupts {
            data.append($0)
            return true
        }
        return data
    }
}
