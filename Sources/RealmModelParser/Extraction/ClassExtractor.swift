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
    var diagnostics: [Diagnostic] = []

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

    var resolver: TypeResolver { TypeResolver(models: models, enums: enums, scope: type.qualifiedName) }

    mutating func extract() -> ModelClass {
        let isModern = members.contains { entry in
            if case .variable(let variable) = entry.member.declaration { return variable.hasAttribute("Persisted") }
            return false
        }
        let overrides = readOverrides()
        let ignoredNames = overrides.ignored
        var unpersisted: [SourceMember] = []
        var properties: [ModelProperty] = []
        /// Property name → indexes in `properties` (several when declared in exclusive `#if` clauses).
        var propertyIndex: [String: [Int]] = [:]
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
                // Only the clauses inside the type: the class carries its own.
                let condition = SourceCondition.kept(entry.member.conditions.dropFirst(entry.owner.conditions.count))
                let sameName = propertyIndex[variable.name, default: []].map { properties[$0] }
                if let first = sameName.first(where: { !$0.condition.excludes(condition) }) {
                    diagnostics.append(
                        Diagnostic(
                            .warning, location,
                            "'\(variable.name)' is declared again (first at "
                                + "\(first.sourceLocation.map(\.description) ?? "?")) under a condition that does not "
                                + "exclude the first; the first is converted"))
                    continue
                }
                guard var property = makeProperty(variable, location: location) else {
                    var lost = member(entry.member.declaration, owner: entry.owner)
                    lost.kind = .unconvertedPersistedProperty
                    unpersisted.append(lost)
                    continue
                }
                property.condition = condition
                if variable.attribute("Persisted")?.argument("primaryKey")?.first?.text == "true" {
                    if let existing = primaryKey, existing != variable.name {
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
                propertyIndex[property.name, default: []].append(properties.count)
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
        if let fromMethod = overrides.primaryKey {
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
        for name in overrides.indexed {
            if let indexes = propertyIndex[name] {
                for index in indexes { properties[index].isIndexed = true }
            } else {
                diagnostics.append(
                    Diagnostic(
                        .warning, type.location,
                        "'indexedProperties()' names '\(name)', which is not a persisted property"))
            }
        }
        for index in primaryKey.flatMap({ propertyIndex[$0] }) ?? [] {
            properties[index].isIndexed = true
        }
        var object = ModelClass(
            name: type.declaration.name, kind: kind, primaryKey: primaryKey, properties: properties)
        object.sourceLocation = type.location
        object.condition = SourceCondition.kept(type.conditions)
        object.unpersistedMembers = unpersisted.isEmpty ? nil : unpersisted
        return object
    }

    private func qualifiedName(of nested: TypeDeclaration, in owner: DeclaredType) -> String {
        "\(owner.qualifiedName).\(nested.name)"
    }
}
