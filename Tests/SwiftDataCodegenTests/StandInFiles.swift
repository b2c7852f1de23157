import SwiftDataCodegen

extension SwiftDataCodegen.Output {
    /// The compiled files the SwiftData stand-in can type-check, by name: all but `RealmImporter.swift`, which
    /// needs the `RealmToSwiftData` library (it is not a package target until a SwiftData runtime builds on Linux).
    var standInFiles: [String: String] {
        Dictionary(
            uniqueKeysWithValues: files.filter { $0.isCompiled && $0.name != "RealmImporter.swift" }.map {
                ($0.name, $0.contents)
            })
    }
}
