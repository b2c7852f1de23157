import Foundation
import RealmExport
import RealmFile

/// Where `realm export` and `realm schema` write: a file, or the console's output.
enum ExportOutput {
    /// Runs `body` with an output buffer writing to `path` (created or truncated in place, so devices and existing
    /// files' permissions are kept), or to the console's output; the exporters flush it.
    static func write(to path: String?, console: Console, _ body: (OutputBuffer) throws -> Void) throws {
        let destination: any ByteDestination
        if let path {
            let descriptor: Int32
            switch Platform.openForWriting(path) {
            case .success(let opened): descriptor = opened
            case .failure(let error):
                throw ExportError.writeFailed("cannot open '\(path)' for writing: \(error.reason)")
            }
            destination = FileHandleDestination(FileHandle(fileDescriptor: descriptor, closeOnDealloc: true))
        } else {
            destination = console.output.byteDestination()
        }
        try body(OutputBuffer(destination: destination, capacity: 1 << 18))
    }
}

/// The export's progress bar: objects written of the objects selected, for files over 4 MB on a terminal.
final class ExportProgress {
    private let bar: ProgressBar?

    init(file: RealmFileReader, url: URL, className: String?, stream: any ConsoleStream) {
        let size = (try? FileManager.default.attributesOfItem(atPath: url.path)[.size] as? Int) ?? 0
        let total = file.tables
            .filter { $0.kind != .embedded && (className == nil || $0.name == className || $0.className == className) }
            .reduce(0) { $0 + $1.objectCount }
        bar = size > 4 << 20 ? ProgressBar(label: "Exporting", total: Int64(total), on: stream) : nil
    }

    func update(_ done: Int) { bar?.update(done: Int64(done), detail: "\(done) objects") }

    func finish() { bar?.finish() }
}
