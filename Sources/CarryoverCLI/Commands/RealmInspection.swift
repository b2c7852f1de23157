import Foundation
import RealmFile
import RealmMigrationSource
import RealmSchema

/// What `carryover realm inspect` prints: the file format, schema version and each class with its count and
/// properties.
struct RealmInspection {
    private let file: RealmFileReader
    private let estimate: Result<StoreSizeEstimate, any Error>

    init(_ file: RealmFileReader) {
        self.file = file
        estimate = StoreEstimateText.estimate(of: file)
    }

    private func objectCount(of className: String) -> Int { file.table(named: className)?.objectCount ?? 0 }

    /// The report as text.
    var text: String {
        var text = "File format: \(file.fileFormat)\n"
        text += "Schema version: \(file.schema.version.map(String.init) ?? "unknown")\n"
        text += StoreEstimateText.line(estimate)
        text += "Classes: \(file.schema.objectTypes.count)\n"
        for objectType in file.schema.objectTypes {
            let kind = objectType.kind == .topLevel ? "" : " (\(objectType.kind.rawValue))"
            text += "\n\(objectType.name)\(kind): \(objectCount(of: objectType.name)) objects\n"
            for property in objectType.properties {
                if property.type == .linkingObjects {
                    let origin = "\(property.objectClassName ?? "?").\(property.linkOriginPropertyName ?? "?")"
                    text += "  (linked from \(origin))\n"
                    continue
                }
                var traits: [String] = []
                if property.name == objectType.primaryKey { traits.append("primary key") }
                if property.isIndexed { traits.append("indexed") }
                if property.isFullTextIndexed { traits.append("full-text indexed") }
                let suffix = traits.isEmpty ? "" : "  [\(traits.joined(separator: ", "))]"
                text += "  \(property.name): \(typeText(property))\(suffix)\n"
            }
        }
        return text
    }

    /// The report as a JSON document.
    func jsonText() throws -> String {
        let classes: [[String: Any]] = file.schema.objectTypes.map { objectType in
            var entry: [String: Any] = [
                "name": objectType.name, "kind": objectType.kind.rawValue,
                "objectCount": objectCount(of: objectType.name),
                "properties": objectType.properties.map { property -> [String: Any] in
                    var description: [String: Any] = [
                        "name": property.name, "type": property.type.rawValue, "optional": property.isOptional,
                        "collection": property.collection.rawValue, "indexed": property.isIndexed,
                    ]
                    if let target = property.objectClassName { description["objectClassName"] = target }
                    if let origin = property.linkOriginPropertyName { description["originProperty"] = origin }
                    return description
                },
            ]
            if let primaryKey = objectType.primaryKey { entry["primaryKey"] = primaryKey }
            return entry
        }
        var document: [String: Any] = ["fileFormat": file.fileFormat, "classes": classes]
        if let version = file.schema.version { document["schemaVersion"] = version }
        if let estimate = StoreEstimateText.jsonObject(estimate) { document["storeEstimate"] = estimate }
        let data = try JSONSerialization.data(withJSONObject: document, options: [.prettyPrinted, .sortedKeys])
        return String(decoding: data, as: UTF8.self) + "\n"
    }

    private func typeText(_ property: Property) -> String {
        var element = property.type == .object ? (property.objectClassName ?? "object") : property.type.rawValue
        if property.isOptional && property.collection != .dictionary { element += "?" }
        switch property.collection {
        case .single: return element
        case .list: return "List<\(element)>"
        case .set: return "MutableSet<\(element)>"
        case .dictionary: return "Map<String, \(element)\(property.isOptional ? "?" : "")>"
        }
    }
}
