import Foundation
import RealmModelParser

/// Finds and reads the Realm model sources among a conversion's inputs.
enum SwiftSourceFiles {
    /// The `.swift` files among `inputs` and inside folders (recursively, skipping hidden folders and `.build`),
    /// sorted by path within each input.
    /// - Throws: ``ModelConversionError/noSuchInput(_:)`` for a missing input; read errors.
    static func read(_ inputs: [URL]) throws -> [RealmModelParser.SourceFile] {
        var files: [URL] = []
        for input in inputs {
            var isDirectory: ObjCBool = false
            guard FileManager.default.fileExists(atPath: input.path, isDirectory: &isDirectory) else {
                throw ModelConversionError.noSuchInput(input.path)
            }
            guard isDirectory.boolValue else {
                files.append(input)
                continue
            }
            let found = FileManager.default.enumerator(
                at: input, includingPropertiesForKeys: nil, options: [.skipsHiddenFiles, .skipsPackageDescendants])
            var inFolder: [URL] = []
            while let url = found?.nextObject() as? URL {
                if url.lastPathComponent == ".build" { found?.skipDescendants() }
                if url.pathExtension == "swift" { inFolder.append(url) }
            }
            files += inFolder.sorted { $0.path < $1.path }
        }
        return try files.map { url in
            RealmModelParser.SourceFile(path: url.relativePath, text: try String(contentsOf: url, encoding: .utf8))
        }
    }
}
