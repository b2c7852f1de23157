import Foundation
import RealmSchema
import SwiftDataCodegen
import SwiftSourceSyntax

/// One persisted property: its Realm type, default, delete-rule annotation and declaration text.
extension ClassExtractor {
    mutating func makeProperty(_ variable: VariableDeclaration, location: SourceLocation) -> ModelProperty? {
        var inferred = InitializerInference(
            tokens: variable.initializer ?? [], models: models, scope: type.qualifiedName)
        let declaredType = variable.type ?? inferred.inferType()
        guard let swiftType = declaredType else {
            diagnostics.append(
                Diagnostic(
                    .error, location,
                    "cannot tell the type of '\(variable.name)' from '\(variable.initializerText ?? "")'; "
                        + "add a type annotation, or give the file that declares what it names; \(Self.lost)"))
            return nil
        }
        let resolved: ResolvedType
        switch resolver.resolve(swiftType) {
        case .success(let value): resolved = value
        case .failure(let error):
            diagnostics.append(
                Diagnostic(.error, location, "'\(variable.name)': \(error.message); \(Self.lost)"))
            return nil
        }
        if let warning = resolved.warning { diagnostics.append(Diagnostic(.warning, location, warning)) }
        var property = ModelProperty(
            Property(
                name: variable.name, type: resolved.type, isOptional: resolved.isOptional,
                collection: resolved.collection, objectClassName: resolved.objectClassName))
        property.declaredSwiftType = resolved.declaredSwiftType
        property.enumTypeName = resolved.enumTypeName
        property.sourceLocation = location
        property.declaredAs = declarationText(variable)
        if let assumed = resolved.assumedTypeName {
            property.assumedTypeName = assumed
            diagnostics.append(
                Diagnostic(
                    .warning, location,
                    "assumed: \(assumed) is declared elsewhere; give its file to decide whether it is an object, an "
                        + "embedded object or an enum ('\(variable.name)' is kept as declared)"))
        } else if resolved.type == .object && resolved.collection == .single && !resolved.isOptional {
            diagnostics.append(
                Diagnostic(.warning, location, "link '\(variable.name)' must be optional in Realm; treated as optional")
            )
            property.isOptional = true
        }
        if resolved.type == .linkingObjects {
            let origin =
                variable.attribute("Persisted")?.argument("originProperty")?.first.map { Self.unquote($0.text) }
                ?? inferred.linkingOriginProperty
            guard let origin else {
                diagnostics.append(
                    Diagnostic(
                        .error, location, "'\(variable.name)': LinkingObjects without an origin property; not converted"
                    ))
                return nil
            }
            property.linkOriginPropertyName = origin
        } else if !inferred.isWrapperConstructor, let text = variable.initializerText, !text.isEmpty {
            property.defaultValue = text
        }
        return property
    }

    /// How an error says that a persisted property was left out.
    static let lost = "persisted property not converted, its stored data would be lost (listed for review)"

    /// `// carryover: deleteRule=cascade` on the property's line or the line above.
    mutating func deleteRuleAnnotation(
        for variable: VariableDeclaration, in owner: DeclaredType, location: SourceLocation
    ) -> DeleteRule? {
        for line in [variable.line, variable.line - 1] {
            for comment in owner.source.comments(onLine: line) {
                guard let marker = comment.range(of: "carryover:") else { continue }
                let rest = comment[marker.upperBound...].replacingOccurrences(of: " ", with: "")
                guard let value = rest.split(separator: "=").dropFirst().first, rest.hasPrefix("deleteRule=") else {
                    diagnostics.append(Diagnostic(.warning, location, "unreadable carryover annotation '\(comment)'"))
                    continue
                }
                guard let rule = DeleteRule(rawValue: String(value)) else {
                    diagnostics.append(
                        Diagnostic(
                            .warning, location,
                            "unknown delete rule '\(value)' (expected one of: "
                                + DeleteRule.allCases.map(\.rawValue).joined(separator: ", ") + ")"))
                    continue
                }
                return rule
            }
        }
        return nil
    }

    func declarationText(_ variable: VariableDeclaration) -> String {
        type.source.text(from: variable.start, to: variable.end)
            .split(whereSeparator: { $0 == "\n" || $0 == " " || $0 == "\t" }).joined(separator: " ")
    }
}
