import Foundation
import RealmSchema
import SwiftDataCodegen
import SwiftSourceSyntax

/// Reads one Realm model class: its persisted properties (modern or legacy style), primary key, indexes, and the
/// members Realm does not persist.
struct ClassExtractor {
    let type: DeclaredType
    let kind: ObjectSchema.Kind
    let members: [(member: ActiveDeclaration, owner: DeclaredType)]
    let models: ModelExtractor
    let enums: [String: EnumSchema]
    private(set) var diagnostics: [Diagnostic] = []

    init(
        type: DeclaredType, kind: ObjectSchema.Kind, members: [(member: ActiveDeclaration, owner: DeclaredType)],
        models: ModelExtractor, enums: [EnumSchema]
    ) {
        self.type = type
        self.kind = kind
        self.members = members
        self.models = models
        self.enums = Dictionary(enums.map { ($0.name, $0) }, uniquingKeysWith: { first, _ in first })
    }

    /// Attributes that are not property wrappers and do not change what Realm persists.
    private static let plainAttributes: Set<String> = [
        "objc", "nonobjc", "available", "MainActor", "discardableResult", "inlinable", "usableFromInline",
        "IBOutlet", "IBInspectable", "NSCopying", "NSManaged", "Sendable", "preconcurrency", "_spi", "objcMembers",
        "warn_unqualified_access", "backDeployed", "unchecked",
    ]

    /// Realm's legacy collection and optional wrappers, persisted when declared with `let`.
    private static let legacyWrappers: Set<String> = [
        "List", "MutableSet", "Map", "RealmOptional", "RealmProperty", "LinkingObjects",
    ]

    /// `#if canImport(RealmSwift)` (or `Realm`) only guards the import around models: nothing to warn about.
    private static func isRealmImportGuard(_ condition: String) -> Bool {
        let compact = condition.filter { !$0.isWhitespace }
        return compact == "canImport(RealmSwift)" || compact == "canImport(Realm)"
    }

    private var resolver: TypeResolver { TypeResolver(models: models, enums: enums, scope: type.qualifiedName) }

    /// The Realm class methods whose returned constants say which properties are keys, indexed or ignored.
    private static let overrides: Set<String> = ["primaryKey()", "indexedProperties()", "ignoredProperties()"]

    private static func unresolvedConsequence(_ override: String) -> String {
        switch override {
        case "primaryKey()": "no primary key is generated (add '@Attribute(.unique)' by hand)"
        case "indexedProperties()": "no index from it is generated"
        default: "the properties it ignores are converted as persisted; remove them by hand"
        }
    }

    /// Where a bare constant name in an override is looked up: the class, its superclasses, its enclosing types.
    private var scopes: [String] {
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

    mutating func extract() -> ModelClass {
        let typeConditions = type.conditions.filter { !$0.isEmpty && !Self.isRealmImportGuard($0) }
        if !typeConditions.isEmpty {
            diagnostics.append(
                Diagnostic(
                    .warning, type.location,
                    "'\(type.qualifiedName)' is declared under '#if \(typeConditions.joined(separator: " && "))'; "
                        + "converted unconditionally"))
        }
        let isModern = members.contains { entry in
            if case .variable(let variable) = entry.member.declaration { return variable.hasAttribute("Persisted") }
            return false
        }
        var primaryKeyFromMethod: (name: String, location: SourceLocation)?
        var indexedNames: [String] = []
        var ignoredNames: Set<String> = []
        var unpersisted: [SourceMember] = []
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
                if let first = names.first { primaryKeyFromMethod = (first, location) }
            case "indexedProperties()":
                indexedNames += names
            default:
                ignoredNames.formUnion(names)
            }
        }
        var properties: [ModelProperty] = []
        /// Property name → index in `properties`.
        var propertyIndex: [String: Int] = [:]
        var primaryKey: String?
        for entry in members {
            let location = SourceLocation(file: entry.owner.file, line: entry.member.declaration.line)
            switch entry.member.declaration {
            case .variable(let variable):
                if let rule = exclusionRule(variable, isModern: isModern, ignored: ignoredNames, location: location) {
                    unpersisted.append(member(entry.member.declaration, owner: entry.owner, rule: rule))
                    continue
                }
                guard entry.owner.declaration.kind != .extension else {
                    diagnostics.append(
                        Diagnostic(.error, location, "stored property '\(variable.name)' in an extension"))
                    continue
                }
                // Only the conditions inside the type: a whole type under `#if` is diagnosed once, below.
                let ownConditions = entry.member.conditions.dropFirst(entry.owner.conditions.count)
                if ownConditions.contains(where: { !$0.isEmpty }) {
                    diagnostics.append(
                        Diagnostic(
                            .warning, location,
                            "'\(variable.name)' is declared under '#if \(ownConditions.joined(separator: " && "))'; "
                                + "converted unconditionally"))
                }
                if let first = propertyIndex[variable.name].map({ properties[$0] }) {
                    diagnostics.append(
                        Diagnostic(
                            .warning, location,
                            "'\(variable.name)' is declared again in another '#if' branch (first at "
                                + "\(first.sourceLocation.map(\.description) ?? "?")); the first is converted"))
                    continue
                }
                guard var property = makeProperty(variable, location: location) else {
                    unpersisted.append(member(entry.member.declaration, owner: entry.owner))
                    continue
                }
                if variable.attribute("Persisted")?.argument("primaryKey")?.first?.text == "true" {
                    if let existing = primaryKey {
                        diagnostics.append(
                            Diagnostic(
                                .error, location,
                                "second primary key '\(variable.name)' (already '\(existing)'); ignored"))
                    } else {
                        primaryKey = variable.name
                    }
                }
                if variable.attribute("Persisted")?.argument("indexed")?.first?.text == "true" {
                    property.isIndexed = true
                }
                property.deleteRuleOverride = deleteRuleAnnotation(for: variable, in: entry.owner, location: location)
                propertyIndex[property.name] = properties.count
                properties.append(property)
            case .enumCase:
                continue
            case .function(let function):
                if !Self.overrides.contains(function.name) {
                    unpersisted.append(member(entry.member.declaration, owner: entry.owner))
                }
            case .type(let nested):
                // Enums that persisted properties use are generated; everything else is carried over.
                if nested.kind == .enum, enums[qualifiedName(of: nested, in: entry.owner)] != nil { continue }
                unpersisted.append(member(entry.member.declaration, owner: entry.owner))
            case .other:
                unpersisted.append(member(entry.member.declaration, owner: entry.owner))
            case .conditional:
                continue
            }
        }
        if let fromMethod = primaryKeyFromMethod {
            if primaryKey != nil {
                diagnostics.append(
                    Diagnostic(
                        .warning, fromMethod.location,
                        "'primaryKey()' and '@Persisted(primaryKey:)' both given; using the latter"))
            } else if propertyIndex[fromMethod.name] != nil {
                primaryKey = fromMethod.name
            } else {
                diagnostics.append(
                    Diagnostic(
                        .error, fromMethod.location,
                        "primary key '\(fromMethod.name)' is not a persisted property; no primary key"))
            }
        }
        for name in indexedNames {
            if let index = propertyIndex[name] {
                properties[index].isIndexed = true
            } else {
                diagnostics.append(
                    Diagnostic(
                        .warning, type.location,
                        "'indexedProperties()' names '\(name)', which is not a persisted property"))
            }
        }
        if let key = primaryKey, let index = propertyIndex[key] {
            properties[index].isIndexed = true
        }
        var object = ModelClass(
            name: type.declaration.name, kind: kind, primaryKey: primaryKey, properties: properties)
        object.sourceLocation = type.location
        object.unpersistedMembers = unpersisted.isEmpty ? nil : unpersisted
        return object
    }

    private func qualifiedName(of nested: TypeDeclaration, in owner: DeclaredType) -> String {
        "\(owner.qualifiedName).\(nested.name)"
    }

    /// Why Realm certainly does not persist `variable`, following the class's style (`nil`: it is persisted);
    /// reports style mix-ups and unknown wrappers.
    private mutating func exclusionRule(
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
            let name = first.text == "RealmSwift" ? variable.initializer?.dropFirst(2).first?.text ?? "" : first.text
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

    private func isLegacyWrapper(_ type: TypeSyntax) -> Bool {
        type.baseName.map { Self.legacyWrappers.contains($0) } ?? false
    }

    private mutating func makeProperty(_ variable: VariableDeclaration, location: SourceLocation) -> ModelProperty? {
        var inferred = InitializerInference(
            tokens: variable.initializer ?? [], models: models, scope: type.qualifiedName)
        let declaredType = variable.type ?? inferred.inferType()
        guard let swiftType = declaredType else {
            diagnostics.append(
                Diagnostic(
                    .error, location,
                    "cannot tell the type of '\(variable.name)' from '\(variable.initializerText ?? "")'; "
                        + "add a type annotation (not converted)"))
            return nil
        }
        let resolved: ResolvedType
        switch resolver.resolve(swiftType) {
        case .success(let value): resolved = value
        case .failure(let error):
            diagnostics.append(
                Diagnostic(.error, location, "'\(variable.name)': \(error.message); not converted (listed for review)"))
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

    /// `// carryover: deleteRule=cascade` on the property's line or the line above.
    private mutating func deleteRuleAnnotation(
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

    private func declarationText(_ variable: VariableDeclaration) -> String {
        type.source.text(from: variable.start, to: variable.end)
            .split(whereSeparator: { $0 == "\n" || $0 == " " || $0 == "\t" }).joined(separator: " ")
    }

    private func member(_ declaration: Declaration, owner: DeclaredType, rule: String? = nil) -> SourceMember {
        let (name, kind, start, end, line): (String, SourceMember.Kind, Int, Int, Int)
        switch declaration {
        case .variable(let variable):
            let isComputed = !variable.isStored
            (name, kind, start, end, line) = (
                variable.name, isComputed ? .computedProperty : .ignoredProperty, variable.start, variable.end,
                variable.line
            )
        case .function(let function):
            let functionKind: SourceMember.Kind =
                switch function.keyword {
                case "init": .initializer
                case "subscript": .subscript
                case "func": .method
                default: .other
                }
            (name, kind, start, end, line) = (function.name, functionKind, function.start, function.end, function.line)
        case .type(let nested):
            (name, kind, start, end, line) = (nested.name, .nestedType, nested.start, nested.end, nested.line)
        case .other(let keyword, let otherName, let otherLine, let otherStart, let otherEnd):
            (name, kind, start, end, line) = (
                otherName ?? keyword, keyword == "typealias" ? .nestedType : .other, otherStart, otherEnd, otherLine
            )
        case .enumCase(let enumCase):
            (name, kind, start, end, line) = ("case", .other, 0, 0, enumCase.line)
        case .conditional(let block):
            (name, kind, start, end, line) = ("#if", .other, 0, 0, block.line)
        }
        return SourceMember(
            name: name, kind: kind, sourceText: owner.source.text(from: start, to: end),
            sourceLocation: SourceLocation(file: owner.file, line: line), exclusionRule: rule)
    }

    /// The contents of a simple string literal (`"id"` → `id`, `#"id"#` → `id`).
    static func unquote(_ literal: String) -> String {
        var text = Substring(literal)
        while text.first == "#" && text.last == "#" && text.count >= 2 { text = text.dropFirst().dropLast() }
        if text.hasPrefix("\"\"\"") && text.hasSuffix("\"\"\"") && text.count >= 6 {
            return String(text.dropFirst(3).dropLast(3))
        }
        if text.first == "\"" && text.last == "\"" && text.count >= 2 { return String(text.dropFirst().dropLast()) }
        return String(text)
    }
}

extension Declaration {
    /// The line the declaration starts on.
    var line: Int {
        switch self {
        case .type(let declaration): declaration.line
        case .variable(let declaration): declaration.line
        case .function(let declaration): declaration.line
        case .enumCase(let declaration): declaration.line
        case .conditional(let block): block.line
        case .other(_, _, let line, _, _): line
        }
    }
}
