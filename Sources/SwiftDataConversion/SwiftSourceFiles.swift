import Foundation
import RealmModelParser

/// Finds and reads the Realm model sources among a conversion's inputs: files, or whole app folders.
enum SwiftSourceFiles {
    /// Folders that hold build products or vendored code, never an app's own models.
    static let skippedFolders: Set<String> = [".build", "Pods", "Carthage", "DerivedData", "node_modules"]

    /// The `.swift` files among `inputs` and inside folders (recursively, skipping hidden folders,
    /// ``skippedFolders`` and whatever `excludes` match), sorted by path within each input.
    /// - Parameters:
    ///   - inputs: Files and folders.
    ///   - excludes: Patterns matched against paths relative to each input folder (and against a file input's
    ///     path as given).
    /// - Throws: ``ModelConversionError/noSuchInput(_:)`` for a missing input; read errors.
    static func read(_ inputs: [URL], excluding excludes: [PathGlob] = []) throws -> [RealmModelParser.SourceFile] {
        var files: [URL] = []
        for input in inputs {
            var isDirectory: ObjCBool = false
            guard FileManager.default.fileExists(atPath: input.path, isDirectory: &isDirectory) else {
                throw ModelConversionError.noSuchInput(input.path)
            }
            guard isDirectory.boolValue else {
                if !excludes.contains(where: { $0.matches(input.relativePath) }) { files.append(input) }
                continue
            }
            let root = input.standardizedFileURL.path
            let found = FileManager.default.enumerator(
                at: input, includingPropertiesForKeys: nil, options: [.skipsHiddenFiles, .skipsPackageDescendants])
            var inFolder: [URL] = []
            while let url = found?.nextObject() as? URL {
                let full = url.standardizedFileURL.path
                let relative =
                    full.hasPrefix(root + "/") ? String(full.dropFirst(root.count + 1)) : url.lastPathComponent
                if skippedFolders.contains(url.lastPathComponent) || excludes.contains(where: { $0.matches(relative) })
                {
                    found?.skipDescendants()
                    continue
                }
                if url.pathExtension == "swift" { inFolder.append(url) }
            }
            files += inFolder.sorted { $0.path < $1.path }
        }
        return try files.map { url in
            RealmModelParser.SourceFile(path: url.relativePath, text: try String(contentsOf: url, encoding: .utf8))
        }
    }
}
