import ObjectiveCSourceSyntax

/// The model findings of Objective-C files: `RLMObject`, `RLMEmbeddedObject` and `RLMAsymmetricObject` subclasses
/// (directly or through another model class of any audited file) and the properties their interfaces and class
/// extensions declare (readonly ones are not persisted, except `RLMLinkingObjects`).
enum ObjectiveCModelFindings {
    /// Realm's model base classes and the API each subclass is.
    static let bases: [String: (RealmAPI, String)] = [
        "RLMObject": (.objectSubclass, "RLMObject subclass"),
        "RLMEmbeddedObject": (.embeddedObjectSubclass, "RLMEmbeddedObject subclass"),
        "RLMAsymmetricObject": (.asymmetricObjectSubclass, "RLMAsymmetricObject subclass"),
    ]

    /// Every model class of `files` (classes whose superclass chain reaches a Realm base class).
    static func models(in files: [[ObjectiveCInterface]]) -> Set<String> {
        var superclasses: [String: String] = [:]
        for interfaces in files {
            for interface in interfaces where interface.category == nil {
                if let superclass = interface.superclass { superclasses[interface.name] = superclass }
            }
        }
        var models = Set<String>()
        for name in superclasses.keys {
            var current = name
            var seen = Set<String>()
            while let superclass = superclasses[current], seen.insert(current).inserted {
                if bases[superclass] != nil {
                    models.insert(name)
                    break
                }
                current = superclass
            }
        }
        return models
    }

    /// The model findings of one file's interfaces, made by `scanner` (for locations and notes).
    static func findings(
        of interfaces: [ObjectiveCInterface], models: Set<String>, tokens: [ObjectiveCToken],
        scanner: ObjectiveCRealmScanner
    ) -> [RealmAuditFinding] {
        var result: [RealmAuditFinding] = []
        for interface in interfaces where interface.category != nil ? interface.category == "" : true {
            guard models.contains(interface.name) else { continue }
            if interface.category == nil, let superclass = interface.superclass {
                let (api, name) = bases[superclass] ?? (.modelSubclass, "subclass of a model class")
                result.append(
                    scanner.finding(
                        api, name: name, at: index(of: "@interface", line: interface.line, in: tokens), inference: nil))
            }
            for property in interface.properties {
                let type = property.type.name
                let (api, name): (RealmAPI, String) =
                    switch type {
                    case "RLMArray": (.list, "RLMArray")
                    case "RLMSet": (.mutableSet, "RLMSet")
                    case "RLMDictionary": (.map, "RLMDictionary")
                    case "RLMLinkingObjects": (.linkingObjects, "RLMLinkingObjects")
                    default: (.objcDynamic, "@property")
                    }
                guard !property.isReadOnly || api == .linkingObjects else { continue }
                result.append(
                    scanner.finding(
                        api, name: name, at: index(of: "@property", line: property.line, in: tokens), inference: nil))
            }
        }
        return result
    }

    /// The index of the token `text` on `line` (the first token of the line when there is none).
    private static func index(of text: String, line: Int, in tokens: [ObjectiveCToken]) -> Int {
        var low = 0
        var high = tokens.count
        while low < high {
            let middle = (low + high) / 2
            if tokens[middle].line < line { low = middle + 1 } else { high = middle }
        }
        var index = low
        while index < tokens.count, tokens[index].line == line {
            if tokens[index].text == text { return index }
            index += 1
        }
        return min(low, max(tokens.count - 1, 0))
    }
}
