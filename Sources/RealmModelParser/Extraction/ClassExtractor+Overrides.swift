import RealmSchema
import SwiftDataCodegen
import SwiftSourceSyntax

/// The Realm class methods that say which properties are keys, indexed or ignored, read from the constants they
/// return.
extension ClassExtractor {
    /// What the class's `primaryKey()`, `indexedProperties()` and `ignoredProperties()` return.
    struct Overrides {
        var primaryKey: (name: String, location: SourceLocation)?
        var indexed: [String] = []
        var ignored: Set<String> = []
    }

    /// The Realm class methods whose returned constants say which properties are keys, indexed or ignored.
    static let overrides: Set<String> = ["primaryKey()", "indexedProperties()", "ignoredProperties()"]

    static func unresolvedConsequence(_ override: String) -> String {
        switch override {
        case "primaryKey()": "no primary key is generated (add '@Attribute(.unique)' by hand)"
        case "indexedProperties()": "no index from it is generated"
        default: "the properties it ignores are converted as persisted; remove them by hand"
        }
    }

    /// Where a bare constant name in an override is looked up: the class, its superclasses, its enclosing types.
    var scopes: [String] {
        var result = [type.qualifiedName]
        var current = type
        while result.count < 32, case .named(let path, _)? = current.declaration.inheritance.first,
            let parent = models.lookup(path, from: current.enclosingName), !result.contains(parent.qualifiedName)
        {
            result.append(parent.qualifiedName)
            current = parent
        }
        var enclosing = type.enclosingName
        while let name = enclosing, result.count < 64 {
            result.append(name)
            enclosing = models.lookup([name], from: nil)?.enclosingName
        }
        return result
    }

    /// Evaluates each override of the class (and its extensions); what cannot be resolved is an error at the
    /// override's line, and nothing is generated from it.
    mutating func readOverrides() -> Overrides {
        var result = Overrides()
        let evaluator = ConstantEvaluator(models: models, scopes: scopes)
        for entry in members {
            guard case .function(let function) = entry.member.declaration,
                Self.overrides.contains(function.name),
                function.modifiers.contains("static")
                    || function.modifiers.contains("class")
            else { continue }
            let location = SourceLocation(file: entry.owner.file, line: function.line)
            let names: [String]
            switch evaluator.evaluateBody(function.body) {
            case .success(let value): names = value
            case .failure(let error):
                diagnostics.append(
                    Diagnostic(
                        .error, location,
                        "cannot tell what '\(function.name)' returns: \(error.message); "
                            + Self.unresolvedConsequence(function.name)))
                continue
            }
            switch function.name {
            case "primaryKey()":
                if let first = names.first { result.primaryKey = (first, location) }
            case "indexedProperties()":
                result.indexed += names
            default:
                result.ignored.formUnion(names)
            }
        }
        return result
    }
}
