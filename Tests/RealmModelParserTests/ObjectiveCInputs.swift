import Foundation
import RealmModelParser
import SwiftDataCodegen
import TestSupport

/// The Objective-C model folders under `Tests/RealmModels/ObjectiveC/`, read as parser input.
enum ObjectiveCInputs {
    static let root = Fixtures.packageRoot.appendingPathComponent("Tests/RealmModels/ObjectiveC")

    /// The files of `folder`, sorted, with paths relative to the ObjectiveC folder (`Kennel/KNLModels.h`).
    static func files(_ folder: String) throws -> [RealmModelParser.SourceFile] {
        let directory = root.appendingPathComponent(folder)
        let names = try FileManager.default.contentsOfDirectory(atPath: directory.path).sorted()
        return try names.filter { $0.hasSuffix(".h") || $0.hasSuffix(".m") || $0.hasSuffix(".swift") }.map { name in
            RealmModelParser.SourceFile(
                path: "\(folder)/\(name)",
                text: try String(contentsOf: directory.appendingPathComponent(name), encoding: .utf8))
        }
    }

    /// A property's Realm shape as one string: type (with its target), `?` when optional, the collection around it
    /// (`string?`, `list<object Dog>`, `dictionary<object Dog?>`, `linkingObjects Owner.dogs`), `indexed`.
    static func shape(_ property: ModelProperty?) -> String {
        guard let property else { return "missing" }
        var text = "\(property.type)"
        if let target = property.objectClassName { text += " \(target)" }
        if let origin = property.linkOriginPropertyName { text += ".\(origin)" }
        if property.isOptional { text += "?" }
        if property.collection != .single { text = "\(property.collection)<\(text)>" }
        if property.isIndexed { text += " indexed" }
        return text
    }
}
