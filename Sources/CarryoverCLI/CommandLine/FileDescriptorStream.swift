import Foundation
import RealmExport

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// Unbuffered text output to one of the process's standard file descriptors.
struct FileDescriptorStream: ConsoleStream {
    let descriptor: Int32

    /// Writes `text` as UTF-8, retrying short writes; gives up silently if the stream is closed.
    func write(_ text: String) {
        var text = text
        text.withUTF8 { write(bytes: UnsafeRawBufferPointer($0)) }
    }

    private func write(bytes: UnsafeRawBufferPointer) {
        guard var address = bytes.baseAddress else { return }
        var remaining = bytes.count
        while remaining > 0 {
            #if canImport(Glibc)
                let written = Glibc.write(descriptor, address, remaining)
            #else
                let written = Darwin.write(descriptor, address, remaining)
            #endif
            if written < 0 {
                if errno == EINTR { continue }
                return
            }
            address += written
            remaining -= written
        }
    }

    var isTerminal: Bool { isatty(descriptor) == 1 }

    func byteDestination() -> any ByteDestination {
        FileHandleDestination(FileHandle(fileDescriptor: descriptor, closeOnDealloc: false))
    }
}
