import Foundation

/// Tells whether a file can be opened for reading now. On iOS a file under data protection cannot be opened
/// before the device's first unlock after a restart (the open fails with a permission error), which is not
/// damage: the migration defers instead of failing.
enum ReadableProbe {
    /// Why the file cannot be opened for reading, or `nil` when it can.
    static func reasonUnreadable(_ url: URL) -> String? {
        do {
            let handle = try FileHandle(forReadingFrom: url)
            try handle.close()
            return nil
        } catch let error as CocoaError where error.code == .fileReadNoPermission {
            return "no permission to read \(url.lastPathComponent) yet (\(error.localizedDescription))"
        } catch let error as NSError
            where error.domain == NSPOSIXErrorDomain && [Int(EACCES), Int(EPERM)].contains(error.code)
        {
            return "no permission to read \(url.lastPathComponent) yet (\(error.localizedDescription))"
        } catch {
            return nil
        }
    }
}
