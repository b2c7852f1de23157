import ObjectiveCSourceSyntax
import RealmSchema
import SwiftDataCodegen

/// Turns the Objective-C files of an app into model classes, the way Realm's Objective-C SDK builds its schema
/// (realm-swift `Realm/RLMObjectSchema.mm`, `+schemaForObjectClass:`): each `RLMObject`, `RLMEmbeddedObject` or
/// `RLMAsymmetricObject` subclass, its superclasses' properties first, each class's properties as that class's
/// `+ignoredProperties`/`+indexedProperties`/`+requiredProperties`/`+linkingObjectsProperties` say, the primary key
/// and defaults of the class itself; readonly properties, properties of categories and `@dynamic` ones have no
/// storage and are not persisted.
struct ObjectiveCModelExtractor {
    var catalog = ObjectiveCModelCatalog()
    /// Models declared in Swift that Objective-C properties may link to, by name.
    var swiftModels: Set<String> = []
    /// The files only test targets compile (by the project's description): a model implemented only there is the
    /// tests', not the app's.
    var testOnlyFiles: Set<String> = []
    private(set) var diagnostics: [Diagnostic] = []
    private var seenDiagnostics: Set<String> = []

    /// Reads one `.h`, `.m` or `.mm` file.
    mutating func add(_ file: RealmModelParser.SourceFile) {
        catalog.add(ObjectiveCDeclarationReader.read(file.text), path: file.path)
    }

    /// The names of the Objective-C model classes, with their kinds, in declaration order.
    var modelNames: [(name: String, kind: ObjectSchema.Kind)] {
        catalog.classOrder.compactMap { name in catalog.modelChain(of: name).map { (name, $0.kind) } }
    }

    mutating func warn(_ location: SourceLocation, _ message: String) {
        report(Diagnostic(.warning, location, message))
    }

    mutating func report(_ diagnostic: Diagnostic) {
        if seenDiagnostics.insert(diagnostic.description).inserted { diagnostics.append(diagnostic) }
    }

    /// The model classes, in the order their primary interfaces appear.
    mutating func extract() -> [ModelClass] {
        let models = modelNames
        let linkable = Set(models.map(\.name)).union(swiftModels)
        // Problems are reported for the files that declare or implement a model, not for the app's other code.
        var relevantFiles: Set<String> = []
        var objects: [ModelClass] = []
        for (name, kind) in models {
            guard let chain = catalog.modelChain(of: name)?.chain, let declared = catalog.classes[name],
                let location = declared.location
            else { continue }
            for member in chain {
                for file in catalog.classes[member].map(Self.files(of:)) ?? [] { relevantFiles.insert(file) }
            }
            if isTestsOnly(declared) {
                warn(
                    location,
                    "'\(name)' is a Realm model in a file that only test targets compile: not converted (add the file "
                        + "to an app target, or convert it on its own)")
                continue
            }
            guard isInDefaultSchema(name) else {
                report(
                    Diagnostic(
                        .note, location,
                        "'\(name)' returns NO from +shouldIncludeInDefaultSchema: not in the default schema, not converted"
                    ))
                continue
            }
            var object = ModelClass(name: name, kind: kind, properties: [])
            object.sourceLocation = location
            var unpersisted: [SourceMember] = []
            var seen: [String: SourceLocation] = [:]
            for member in chain {
                let own = ownProperties(of: member, linkable: linkable)
                for property in own.persisted {
                    if let first = seen[property.name] {
                        report(
                            Diagnostic(
                                .error, property.sourceLocation ?? location,
                                "'\(property.name)' is declared again in the class hierarchy of '\(name)' (first at "
                                    + "\(first)); Realm rejects the class"))
                        continue
                    }
                    seen[property.name] = property.sourceLocation ?? location
                    object.properties.append(property)
                }
                if member == name { unpersisted = own.unpersisted }
            }
            applyPrimaryKey(to: &object)
            applyDefaults(to: &object)
            object.unpersistedMembers = unpersisted.isEmpty ? nil : unpersisted
            if chain.count > 1 { object.superclassName = chain[chain.count - 2] }
            objects.append(object)
        }
        for (name, location, first) in catalog.redeclarations where relevantFiles.contains(location.file) {
            warn(location, "'@interface \(name)' is declared again (first at \(first)); this one is ignored")
        }
        for (file, problems) in catalog.problems where relevantFiles.contains(file) {
            for problem in problems {
                let severity: Diagnostic.Severity
                switch problem.kind {
                case .unterminatedComment, .unterminatedLiteral, .unreadableDeclaration: severity = .error
                case .unbalanced, .conditionalCompilation, .unexpandedMacro: severity = .warning
                }
                report(Diagnostic(severity, SourceLocation(file: file, line: problem.line), problem.message))
            }
        }
        return objects
    }

    /// Whether `declared` is implemented (or declared) only in files that only test targets compile.
    private func isTestsOnly(_ declared: ObjectiveCModelCatalog.DeclaredClass) -> Bool {
        guard !testOnlyFiles.isEmpty else { return false }
        if let primary = declared.primary, testOnlyFiles.contains(primary.file) { return true }
        let implementations = declared.implementations.map(\.file)
        return !implementations.isEmpty && implementations.allSatisfy(testOnlyFiles.contains)
    }

    private static func files(of declared: ObjectiveCModelCatalog.DeclaredClass) -> [String] {
        (declared.primary.map { [$0.file] } ?? []) + declared.additions.map(\.file)
            + declared.implementations.map(\.file)
    }

    private mutating func applyPrimaryKey(to object: inout ModelClass) {
        guard let key = primaryKey(of: object.name), let location = object.sourceLocation else { return }
        guard let index = object.properties.firstIndex(where: { $0.name == key }) else {
            report(
                Diagnostic(
                    .error, location,
                    "+primaryKey of '\(object.name)' names '\(key)', which is no persisted property; Realm rejects "
                        + "the class"))
            return
        }
        let property = object.properties[index]
        guard property.collection == .single, [.int, .string, .objectId, .uuid].contains(property.type) else {
            report(
                Diagnostic(
                    .error, property.sourceLocation ?? location,
                    "'\(key)' cannot be the primary key of '\(object.name)': Realm accepts only int, string, objectId "
                        + "and uuid properties"))
            return
        }
        object.primaryKey = key
        object.properties[index].isIndexed = true
    }

    private mutating func applyDefaults(to object: inout ModelClass) {
        let defaults = defaultValues(of: object.name)
        for index in object.properties.indices {
            let property = object.properties[index]
            guard let (value, location) = defaults[property.name], property.collection == .single,
                property.type != .object, property.type != .linkingObjects
            else { continue }
            if let literal = value.swiftLiteral(for: property.type) {
                object.properties[index].defaultValue = literal
            } else {
                report(
                    Diagnostic(
                        .note, location,
                        "the default of '\(object.name).\(property.name)' in +defaultPropertyValues is not a literal "
                            + "of its type; not carried over"))
            }
        }
    }
}
