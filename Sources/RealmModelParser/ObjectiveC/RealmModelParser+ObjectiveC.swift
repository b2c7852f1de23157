import RealmSchema
import SwiftDataCodegen

extension RealmModelParser {
    /// The file extensions read as Objective-C model sources: headers, implementation files and Objective-C++.
    public static let objectiveCExtensions: Set<String> = ["h", "m", "mm"]

    /// Whether `path` names an Objective-C source (`.h`, `.m`, `.mm`).
    public static func isObjectiveC(_ path: String) -> Bool {
        guard let dot = path.lastIndex(of: "."), !path[dot...].contains("/") else { return false }
        return objectiveCExtensions.contains(String(path[path.index(after: dot)...]))
    }

    /// Adds the models of Objective-C files (`RLMObject`, `RLMEmbeddedObject` and `RLMAsymmetricObject` subclasses)
    /// to what the Swift files of the same app gave, with links resolved across both languages: an Objective-C
    /// `Dog *` or `RLMArray<Dog *><Dog>` may name a Swift model, a Swift `List<Dog>` an Objective-C one.
    /// - Parameters:
    ///   - files: The `.h`, `.m` and `.mm` files.
    ///   - swift: The result of parsing the app's Swift files (empty for an app without any).
    ///   - testOnlyFiles: The paths (as in `files`) that only test targets compile: their models are reported, not
    ///     converted.
    /// - Returns: One result: the Swift models, then the Objective-C ones in the order their interfaces appear, and
    ///   the diagnostics of both in file and line order.
    package static func adding(
        objectiveC files: [SourceFile], to swift: Result, testOnlyFiles: Set<String> = []
    ) -> Result {
        guard !files.isEmpty else { return swift }
        var extractor = ObjectiveCModelExtractor()
        extractor.testOnlyFiles = testOnlyFiles
        for file in files { extractor.add(file) }
        let swiftNames = Set(swift.schema.objectTypes.map { $0.realmClassName ?? $0.name })
        extractor.swiftModels = swiftNames
        var objects = extractor.extract()
        var diagnostics = extractor.diagnostics
        objects.removeAll { object in
            guard swiftNames.contains(object.name), let location = object.sourceLocation else { return false }
            diagnostics.append(
                Diagnostic(
                    .warning, location,
                    "'\(object.name)' is also a Realm model declared in Swift; the Swift one is converted"))
            return true
        }
        let objectiveCNames = Set(objects.map(\.name))
        var result = swift
        // A Swift property whose type only the Objective-C files declare is a link to that model.
        for classIndex in result.schema.objectTypes.indices {
            for index in result.schema.objectTypes[classIndex].properties.indices {
                let property = result.schema.objectTypes[classIndex].properties[index]
                guard let assumed = property.assumedTypeName, objectiveCNames.contains(assumed) else { continue }
                result.schema.objectTypes[classIndex].properties[index].assumedTypeName = nil
                if property.type == .object, property.collection == .single {
                    result.schema.objectTypes[classIndex].properties[index].isOptional = true
                }
            }
        }
        let resolved = result.diagnostics.filter { diagnostic in
            !objectiveCNames.contains { diagnostic.message.hasPrefix("assumed: \($0) is declared elsewhere") }
        }
        result.schema.objectTypes += objects
        diagnostics += configuration(objectiveC: files, into: &result)
        result.diagnostics = Diagnostic.ordered(resolved + diagnostics)
        return result
    }

    /// Reads the Realm configurations the Objective-C files build (``ObjectiveCConfigurationScanner``) into
    /// `result`: the app's schema version and whether it has a migration block, when the Swift files build none.
    /// Where they do, the Swift configuration stays the one carried over and each Objective-C one is said.
    /// - Returns: The diagnostics of the choice.
    private static func configuration(objectiveC files: [SourceFile], into result: inout Result) -> [Diagnostic] {
        let candidates = ObjectiveCConfigurationScanner.candidates(in: files)
        guard !candidates.isEmpty else { return [] }
        guard result.configurations.isEmpty else {
            return candidates.map { candidate in
                Diagnostic(
                    .warning, candidate.location,
                    "an Objective-C Realm configuration (\(candidate.summary)) is not carried over: the Swift one "
                        + "is; if the app opens its file with this one, move its version to the Swift configuration")
            }
        }
        let choice = ConfigurationChoice(candidates)
        result.schema.version = choice.version
        result.schema.realmConfiguration = choice.configuration
        result.configurations = candidates
        result.configurationDiagnostics = choice.diagnostics
        return choice.diagnostics
    }
}
