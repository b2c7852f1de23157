import Foundation

/// Where an exporter's bytes go. Writes arrive in chunks of the output buffer's size.
public protocol ByteDestination: AnyObject {
    /// Writes all of `bytes`, or throws.
    func write(_ bytes: UnsafeRawBufferPointer) throws
}

/// Writes to an open `FileHandle` (a file, a pipe, standard output); a failed write throws
/// `ExportError.writeFailed` with the system's reason.
public final class FileHandleDestination: ByteDestination {
    private let handle: FileHandle

    /// Wraps `handle`; the caller keeps ownership and closes it.
    public init(_ handle: FileHandle) { self.handle = handle }

    public func write(_ bytes: UnsafeRawBufferPointer) throws {
        guard let base = bytes.baseAddress, bytes.count > 0 else { return }
        let chunk = Data(bytesNoCopy: UnsafeMutableRawPointer(mutating: base), count: bytes.count, deallocator: .none)
        do {
            try handle.write(contentsOf: chunk)
        } catch {
            throw ExportError.writeFailed(error.localizedDescription)
        }
    }
}

/// Collects everything written in memory; for tests and small documents.
public final class MemoryDestination: ByteDestination {
    /// Every byte written so far.
    public private(set) var bytes: [UInt8] = []

    public init() {}

    public func write(_ bytes: UnsafeRawBufferPointer) throws { self.bytes.append(contentsOf: bytes) }

    /// Forgets everything written so far.
    public func reset() { bytes.removeAll(keepingCapacity: true) }
}
