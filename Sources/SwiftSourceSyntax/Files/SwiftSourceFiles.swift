import Foundation

/// One `.swift` file found among the inputs of a flow (`realm models`, `realm audit`).
package struct FoundSwiftFile: Sendable, Hashable {
    /// The file, as the input named it (a folder input's files are under its URL).
    package var url: URL
    /// The path relative to the input folder it was found in; for a file input, its path as given.
    package var relativePath: String
    /// The index in the inputs of the file or folder it came from.
    package var inputIndex: Int
}

/// Why the inputs of a source walk cannot be read.
package enum SwiftSourceFilesError: Error, Sendable, Hashable {
    /// An input path that does not exist.
    case noSuchInput(String)
}

/// Finds the Swift sources among a flow's inputs: files, or whole app folders.
package enum SwiftSourceFiles {
    /// Folders that hold build products or vendored code, never an app's own code.
    package static let skippedFolders: Set<String> = [".build", "Pods", "Carthage", "DerivedData", "node_modules"]

    /// The `.swift` files (or those of `extensions`) among `inputs` and inside folders (recursively; only files, so a folder named like
    /// `Reachability.swift/` is walked, not read; skipping hidden folders,
    /// ``skippedFolders`` and whatever `excludes` match), sorted by path within each input.
    /// - Parameters:
    ///   - inputs: Files and folders.
    ///   - excludes: Patterns matched against paths relative to each input folder (and against a file input's
    ///     path as given).
    ///   - extensions: The file extensions to find in folders (`swift`; `realm models` adds `h`, `m`, `mm`).
    /// - Throws: ``SwiftSourceFilesError/noSuchInput(_:)`` for a missing input.
    package static func find(
        _ inputs: [URL], excluding excludes: [PathGlob] = [], extensions: Set<String> = ["swift"]
    ) throws(SwiftSourceFilesError) -> [FoundSwiftFile] {
        var files: [FoundSwiftFile] = []
        for (inputIndex, input) in inputs.enumerated() {
            var isDirectory: ObjCBool = false
            guard FileManager.default.fileExists(atPath: input.path, isDirectory: &isDirectory) else {
                throw .noSuchInput(input.path)
            }
            guard isDirectory.boolValue else {
                if !excludes.contains(where: { $0.matches(input.relativePath) }) {
                    files.append(FoundSwiftFile(url: input, relativePath: input.relativePath, inputIndex: inputIndex))
                }
                continue
            }
            let root = input.standardizedFileURL.path
            let found = FileManager.default.enumerator(
                at: input, includingPropertiesForKeys: nil, options: [.skipsHiddenFiles, .skipsPackageDescendants])
            var inFolder: [FoundSwiftFile] = []
            while let url = found?.nextObject() as? URL {
                let full = url.standardizedFileURL.path
                let relative =
                    full.hasPrefix(root + "/") ? String(full.dropFirst(root.count + 1)) : url.lastPathComponent
                if skippedFolders.contains(url.lastPathComponent) || excludes.contains(where: { $0.matches(relative) })
                {
                    found?.skipDescendants()
                    continue
                }
                if extensions.contains(url.pathExtension), !isOtherThanAFile(url) {
                    inFolder.append(FoundSwiftFile(url: url, relativePath: relative, inputIndex: inputIndex))
                }
            }
            files += inFolder.sorted { $0.url.path < $1.url.path }
        }
        return files
    }

    /// Whether `url` (a link followed) is a folder, socket or device, never a source file. A link to nothing is not:
    /// it stays in the list, so that reading it reports the file that cannot be read.
    private static func isOtherThanAFile(_ url: URL) -> Bool {
        guard let attributes = try? FileManager.default.attributesOfItem(atPath: url.resolvingSymlinksInPath().path)
        else { return false }
        let type = attributes[.type] as? FileAttributeType
        return type != .typeRegular && type != .typeSymbolicLink
    }
}
