import RealmSchema
import SwiftDataCodegen
import SwiftSourceSyntax

/// Which stored properties Realm persists, by the class's style (modern `@Persisted` or legacy `@objc dynamic`).
extension ClassExtractor {
    /// Attributes that are not property wrappers and do not change what Realm persists.
    static let plainAttributes: Set<String> = [
        "objc", "nonobjc", "available", "MainActor", "discardableResult", "inlinable", "usableFromInline",
        "IBOutlet", "IBInspectable", "NSCopying", "NSManaged", "Sendable", "preconcurrency", "_spi", "objcMembers",
        "warn_unqualified_access", "backDeployed", "unchecked",
    ]

    /// Realm's legacy collection and optional wrappers, persisted when declared with `let`.
    static let legacyWrappers: Set<String> = [
        "List", "MutableSet", "Map", "RealmOptional", "RealmProperty", "LinkingObjects",
    ]

    /// Why Realm certainly does not persist `variable`, following the class's style (`nil`: it is persisted);
    /// reports style mix-ups and unknown wrappers.
    mutating func exclusionRule(
        _ variable: VariableDeclaration, isModern: Bool, ignored: Set<String>, location: SourceLocation
    ) -> String? {
        if variable.modifiers.contains("static") || variable.modifiers.contains("class") { return "static" }
        if !variable.isStored && !variable.hasAttribute("Persisted") { return "has a getter" }
        let wrappers = variable.attributes.map(\.name).filter {
            !Self.plainAttributes.contains($0) && $0 != "Persisted" && $0.first?.isUppercase == true
        }
        if let wrapper = wrappers.first {
            diagnostics.append(
                Diagnostic(
                    .warning, location,
                    "unknown property wrapper '@\(wrapper)' on '\(variable.name)'; not converted (listed for review)"))
            return "property wrapper '@\(wrapper)' (Realm stores no wrapped property)"
        }
        if isModern {
            if variable.hasAttribute("Persisted") {
                if !variable.isStored {
                    diagnostics.append(
                        Diagnostic(.error, location, "'@Persisted' on computed property '\(variable.name)'"))
                    return "has a getter"
                }
                return nil
            }
            if variable.modifiers.contains("dynamic") {
                diagnostics.append(
                    Diagnostic(
                        .warning, location,
                        "'\(variable.name)' uses '@objc dynamic' in a class that uses '@Persisted'; Realm ignores it, "
                            + "so it is not converted"))
            }
            return "not @Persisted in a class that uses @Persisted"
        }
        if variable.modifiers.contains("lazy") { return "lazy" }
        if ignored.contains(variable.name) { return "listed in ignoredProperties()" }
        let wrapsRealmValue: Bool
        if let first = variable.initializer?.first, first.kind == .identifier {
            let name =
                first.text == "RealmSwift"
                ? variable.initializer?.dropFirst(2).first?.text ?? ""
                : models.baseName(throughAliases: first.text, from: type.qualifiedName)
            wrapsRealmValue = Self.legacyWrappers.contains(name)
        } else {
            wrapsRealmValue = variable.type.map(isLegacyWrapper) ?? false
        }
        if variable.isLet {
            return wrapsRealmValue ? nil : "a 'let' that is not a Realm collection or RealmProperty"
        }
        if wrapsRealmValue {
            // Realm finds legacy collections by reflection, `var` or `let`; only reassigning a `var` one breaks.
            diagnostics.append(
                Diagnostic(
                    .warning, location,
                    "'\(variable.name)' is a Realm collection declared with 'var' (Realm expects 'let'); converted"))
            return nil
        }
        return variable.modifiers.contains("dynamic") ? nil : "not 'dynamic' in a class that uses '@objc dynamic'"
    }

    func isLegacyWrapper(_ written: TypeSyntax) -> Bool {
        guard case .success(let expanded) = models.expandingAliases(written, from: type.qualifiedName) else {
            return false
        }
        return expanded.baseName.map { Self.legacyWrappers.contains($0) } ?? false
    }
}
