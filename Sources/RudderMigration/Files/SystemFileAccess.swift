import Foundation

/// `FileAccess` on the real file system through Foundation.
public struct SystemFileAccess: FileAccess {
    /// The largest file `contents(of:)` reads; anything bigger is not a settings file and is rejected unread.
    public var maximumFileSize: Int

    /// Creates file access that reads files of at most `maximumFileSize` bytes (default 16 MiB).
    public init(maximumFileSize: Int = 16 << 20) {
        self.maximumFileSize = maximumFileSize
    }

    public func contents(of url: URL) throws -> Data? {
        let handle: FileHandle
        do {
            handle = try FileHandle(forReadingFrom: url)
        } catch {
            if Self.isNoSuchFile(error) { return nil }
            throw Self.accessError(error, path: url.path)
        }
        defer { try? handle.close() }
        do {
            let data = try handle.read(upToCount: maximumFileSize &+ 1) ?? Data()
            guard data.count <= maximumFileSize else {
                throw FileAccessError(.tooLarge, path: url.path, reason: "more than \(maximumFileSize) bytes")
            }
            return data
        } catch let error as FileAccessError {
            throw error
        } catch {
            throw Self.accessError(error, path: url.path)
        }
    }

    public func writeAtomically(_ data: Data, to url: URL) throws {
        do {
            let folder = url.deletingLastPathComponent()
            if !FileManager.default.fileExists(atPath: folder.path) {
                try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
            }
            // `.atomic` writes a temporary file beside the target and renames it over the target.
            try data.write(to: url, options: .atomic)
        } catch {
            throw Self.accessError(error, path: url.path)
        }
    }

    public func removeFile(at url: URL) throws {
        do {
            try FileManager.default.removeItem(at: url)
        } catch {
            if Self.isNoSuchFile(error) { return }
            throw Self.accessError(error, path: url.path)
        }
    }

    private static func isNoSuchFile(_ error: Error) -> Bool {
        let error = error as NSError
        if error.domain == NSCocoaErrorDomain {
            return error.code == CocoaError.fileReadNoSuchFile.rawValue
                || error.code == CocoaError.fileNoSuchFile.rawValue
        }
        return error.domain == NSPOSIXErrorDomain && error.code == Int(ENOENT)
    }

    /// Permission errors (EACCES, EPERM, and Cocoa's "no permission" codes, which is how data protection before the
    /// first unlock shows up) become `.notPermitted`; everything else `.ioFailure`.
    private static func accessError(_ error: Error, path: String) -> FileAccessError {
        let error = error as NSError
        let reason = error.localizedDescription
        if isPermissionError(error) { return FileAccessError(.notPermitted, path: path, reason: reason) }
        if let underlying = error.userInfo[NSUnderlyingErrorKey] as? NSError, isPermissionError(underlying) {
            return FileAccessError(.notPermitted, path: path, reason: reason)
        }
        return FileAccessError(.ioFailure, path: path, reason: reason)
    }

    private static func isPermissionError(_ error: NSError) -> Bool {
        switch error.domain {
        case NSCocoaErrorDomain:
            [CocoaError.fileReadNoPermission.rawValue, CocoaError.fileWriteNoPermission.rawValue].contains(error.code)
        case NSPOSIXErrorDomain:
            error.code == Int(EACCES) || error.code == Int(EPERM)
        default:
            false
        }
    }
}
