import ObjectiveCSourceSyntax
import RealmSchema
import SwiftDataCodegen

/// One class's own properties, persisted or not, as Realm's Objective-C SDK decides
/// (realm-swift `Realm/RLMProperty.mm`, `-initWithName:indexed:linkPropertyDescriptor:property:`).
extension ObjectiveCModelExtractor {
    struct OwnProperties {
        var persisted: [ModelProperty] = []
        var unpersisted: [SourceMember] = []
    }

    /// A property as the class finally declares it: its first declaration's place, the last redeclaration's
    /// attributes (a class extension's `readwrite` over the header's `readonly`).
    private struct Declared {
        var property: ObjectiveCProperty
        var file: String
        /// Declared only in a category (no storage).
        var inCategoryOnly: Bool
    }

    mutating func ownProperties(of className: String, linkable: Set<String>) -> OwnProperties {
        guard let declared = catalog.classes[className] else { return OwnProperties() }
        var order: [String] = []
        var byName: [String: Declared] = [:]
        let sources =
            (declared.primary.map { [$0] } ?? []) + declared.additions.filter { $0.interface.category == "" }
            + declared.additions.filter { $0.interface.category != "" && $0.interface.category != nil }
        for (interface, file) in sources {
            let isCategory = interface.category.map { !$0.isEmpty } ?? false
            for property in interface.properties {
                if var existing = byName[property.name] {
                    if !isCategory {
                        existing.property.attributes = property.attributes
                        existing.inCategoryOnly = false
                    }
                    byName[property.name] = existing
                } else {
                    order.append(property.name)
                    byName[property.name] = Declared(property: property, file: file, inCategoryOnly: isCategory)
                }
            }
        }
        let dynamic = Set(declared.implementations.flatMap(\.implementation.dynamicProperties))
        let synthesized = Set(declared.implementations.flatMap(\.implementation.synthesizedProperties))
        let instanceMethods = Set(
            declared.implementations.flatMap(\.implementation.methods).filter { !$0.isClassMethod }.map(\.selector))
        let settings = settings(of: className)
        let types = ObjectiveCPropertyType(typedefs: catalog.typedefs, models: linkable)
        var result = OwnProperties()
        for name in order {
            guard let entry = byName[name] else { continue }
            let property = entry.property
            let location = SourceLocation(file: entry.file, line: property.line)
            func skip(_ rule: String, kind: SourceMember.Kind = .ignoredProperty) {
                result.unpersisted.append(
                    SourceMember(
                        name: name, kind: kind, sourceText: property.declaration, sourceLocation: location,
                        exclusionRule: rule))
            }
            // A class property (`@property (class) …`) belongs to the metaclass: the class's property list, which
            // Realm reads, does not hold it.
            if property.attributes.contains("class") {
                skip("a class property (not an object's)")
                continue
            }
            if settings.ignored.contains(name) {
                skip("named in +ignoredProperties")
                continue
            }
            if entry.inCategoryOnly {
                skip("declared in a category, which gives it no storage")
                continue
            }
            if dynamic.contains(name) {
                skip("@dynamic: no storage")
                continue
            }
            if !property.isReadOnly, !synthesized.contains(name),
                instanceMethods.contains(property.getterName ?? name),
                instanceMethods.contains(property.setterName ?? Self.setterSelector(of: name))
            {
                skip("its getter and setter are both written (no @synthesize): no storage")
                continue
            }
            let resolved: ObjectiveCPropertyType.Resolved
            switch types.resolve(property.type) {
            case .success(let value):
                resolved = value
            case .failure(let error):
                if property.isReadOnly {
                    skip("readonly (Realm persists only readwrite properties)")
                    continue
                }
                report(
                    Diagnostic(
                        .error, location,
                        "'\(className).\(name)' is \(error.reason); Realm rejects it unless +ignoredProperties names "
                            + "it; \(ClassExtractor.lost)"))
                skip("not converted: \(error.reason)", kind: .unconvertedPersistedProperty)
                continue
            }
            if resolved.type == .linkingObjects {
                if let linked = linkingObjects(property, resolved, settings, className: className, location: location) {
                    result.persisted.append(linked)
                } else {
                    skip("RLMLinkingObjects that Realm rejects (see the error)", kind: .unconvertedPersistedProperty)
                }
                continue
            }
            if property.isReadOnly {
                skip("readonly (Realm persists only readwrite properties)")
                continue
            }
            var made = ModelProperty(
                Property(
                    name: name, type: resolved.type, isOptional: resolved.isOptional, collection: resolved.collection,
                    objectClassName: resolved.objectClassName, isIndexed: settings.indexed.contains(name)))
            if settings.required.contains(name) {
                if resolved.type == .object && (resolved.collection == .single || resolved.collection == .dictionary) {
                    report(
                        Diagnostic(
                            .error, location,
                            "+requiredProperties of '\(className)' names the link '\(name)'; Realm rejects required "
                                + "links (kept optional)"))
                } else {
                    made.isOptional = false
                }
            }
            if resolved.type == .mixed { made.isOptional = false }
            made.sourceLocation = location
            made.declaredAs = property.declaration
            result.persisted.append(made)
        }
        return result
    }

    /// The setter Objective-C declares for `name` (`setName:`; the first letter upper-cased only when it is `a`…`z`,
    /// as realm-swift's `-[RLMProperty updateAccessors]` says).
    static func setterSelector(of name: String) -> String {
        guard let first = name.first else { return "set:" }
        let head = first >= "a" && first <= "z" ? first.uppercased() : String(first)
        return "set\(head)\(name.dropFirst()):"
    }

    /// An `RLMLinkingObjects` property: readonly, with its origin in `+linkingObjectsProperties`.
    private mutating func linkingObjects(
        _ property: ObjectiveCProperty, _ resolved: ObjectiveCPropertyType.Resolved,
        _ settings: ObjectiveCClassSettings, className: String, location: SourceLocation
    ) -> ModelProperty? {
        let name = property.name
        guard let origin = settings.linking[name] else {
            report(
                Diagnostic(
                    .error, location,
                    "'\(className).\(name)' is RLMLinkingObjects but +linkingObjectsProperties does not name its "
                        + "origin class and property; Realm rejects it"))
            return nil
        }
        guard property.isReadOnly else {
            report(
                Diagnostic(
                    .error, location,
                    "'\(className).\(name)' is RLMLinkingObjects and must be declared readonly; Realm rejects it"))
            return nil
        }
        if let written = resolved.objectClassName, written != origin.className {
            report(
                Diagnostic(
                    .error, location,
                    "'\(className).\(name)' is declared RLMLinkingObjects<\(written)> but +linkingObjectsProperties "
                        + "names '\(origin.className)'; Realm rejects it"))
            return nil
        }
        var made = ModelProperty(
            Property(
                name: name, type: .linkingObjects, collection: .list, objectClassName: origin.className,
                linkOriginPropertyName: origin.propertyName))
        made.sourceLocation = location
        made.declaredAs = property.declaration
        return made
    }
}
