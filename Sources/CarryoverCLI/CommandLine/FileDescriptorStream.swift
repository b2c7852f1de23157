import Foundation
import RealmExport

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
            let written = Platform.write(descriptor, address, remaining)
            if written < 0 {
                if Platform.lastCallWasInterrupted { continue }
                return
            }
            address += written
            remaining -= written
        }
    }

    var isTerminal: Bool { Platform.isTerminal(descriptor) }

    func byteDestination() -> any ByteDestination {
        FileHandleDestination(FileHandle(fileDescriptor: descriptor, closeOnDealloc: false))
    }
}
