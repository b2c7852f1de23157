import Foundation
import RealmModelParser
import RealmThreadingConversion
import SwiftDataCodegen
import SwiftDataConversion
import TestSupport

/// The test inputs (`Inputs/*.swift.txt`, written for these tests) and the models generated from
/// `Inputs/Models.swift.txt` by the models pipeline, as an app's audit would have them.
enum ThreadingInputs {
    static var folder: URL {
        URL(fileURLWithPath: #filePath).deletingLastPathComponent().appendingPathComponent("Inputs")
    }

    static func source(_ name: String) throws -> String {
        try String(contentsOf: folder.appendingPathComponent("\(name).swift.txt"), encoding: .utf8)
    }

    /// The models conversion of `Models.swift.txt` with `--strip-prefix Realm` (`RealmTrack` → `Track`).
    static let models: Result<ModelConversionResult, Error> = Result {
        let directory = try TemporaryDirectory("threading-models")
        defer { directory.remove() }
        let url = directory.appending("Models.swift")
        try Data(try source("Models").utf8).write(to: url)
        return try ModelConversion(inputs: [url], options: CodegenOptions(stripPrefix: "Realm")).run()
    }

    /// The catalog the audit passes: the generated models' names and shapes.
    static func catalog() throws -> GeneratedModelCatalog { try models.get().catalog }

    /// A catalog of classes without properties: Realm class name → generated type name.
    static func catalog(_ names: KeyValuePairs<String, String>) -> GeneratedModelCatalog {
        GeneratedModelCatalog(classes: names.map { GeneratedModelCatalog.Class(realmName: $0, swiftName: $1) })
    }

    /// The generated model files that compile (`Models.swift`, `SchemaV1.swift`, the importer).
    static func modelFiles() throws -> [String: String] {
        var files: [String: String] = [:]
        for file in try models.get().files where file.isCompiled && file.name == "Models.swift" {
            files[file.name] = file.contents
        }
        return files
    }

    static func convert(_ name: String, reservedNames: Set<String> = []) throws -> ThreadingConversionResult {
        let conversion = RealmThreadingConversion(catalog: try catalog(), reservedNames: reservedNames)
        return conversion.convert(source: try source(name), file: "\(name).swift")
    }

    static let all = [
        "GuideDataManager", "SerialQueueService", "CompletionHandlers", "CombineRepository", "DetachedTask",
        "RealmParameterImporter", "ThreadSafeHandoff", "StoredRealmOperations", "NoBackground", "QueueBound",
        "ImplicitReturns",
    ]
}
