import SwiftDataCodegen

extension SwiftDataCodegen.Output {
    /// The files meant to be compiled into the app, by name: the models, the schema and the importer (which needs
    /// the `RealmToSwiftData` library; on Linux `GeneratedCodeCompiler` finds it in the package's build folder).
    var compiledFiles: [String: String] {
        Dictionary(uniqueKeysWithValues: files.filter(\.isCompiled).map { ($0.name, $0.contents) })
    }
}
