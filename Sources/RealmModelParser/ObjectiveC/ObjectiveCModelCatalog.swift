import ObjectiveCSourceSyntax
import RealmSchema
import SwiftDataCodegen

/// Everything the Objective-C files of an app declare, joined by class across files: a class's primary interface
/// (in a header or the `.m`), its class extensions and categories, its implementations; and which classes are Realm
/// models (their superclass chain reaches `RLMObject`, `RLMEmbeddedObject` or `RLMAsymmetricObject`).
struct ObjectiveCModelCatalog {
    /// One class as all files declare it.
    struct DeclaredClass {
        var name: String
        /// The primary interface (`@interface Dog : RLMObject`) and its file.
        var primary: (interface: ObjectiveCInterface, file: String)?
        /// Class extensions and categories, in file order, with their files.
        var additions: [(interface: ObjectiveCInterface, file: String)] = []
        /// Implementations (the class's and its categories'), with their files.
        var implementations: [(implementation: ObjectiveCImplementation, file: String)] = []

        var superclass: String? { primary?.interface.superclass }
        var location: SourceLocation? {
            primary.map { SourceLocation(file: $0.file, line: $0.interface.line) }
        }
    }

    /// Classes by name, and their names in the order their primary interfaces appear.
    private(set) var classes: [String: DeclaredClass] = [:]
    private(set) var classOrder: [String] = []
    /// `typedef`s of all files, by name (the first wins).
    private(set) var typedefs: [String: ObjectiveCType] = [:]
    /// String constants of all files, by name (the first wins).
    private(set) var stringConstants: [String: String] = [:]
    /// Each file's problems, by path.
    private(set) var problems: [String: [ObjectiveCProblem]] = [:]
    /// Primary interfaces declared again (the first is kept), for diagnostics.
    private(set) var redeclarations: [(name: String, location: SourceLocation, first: SourceLocation)] = []

    /// Subclasses of `RLMObject` the SDK itself declares (`RLMObject_Private.h`), which Realm leaves out of every
    /// schema (realm-swift `RLMObject.mm`, `+[RLMDynamicObject _realmIgnoreClass]`).
    static let realmInternalClasses: Set<String> = ["RLMDynamicObject"]

    /// The Realm base classes and the kind of object their subclasses are.
    static let realmBases: [String: ObjectSchema.Kind] = [
        "RLMObject": .topLevel, "RLMEmbeddedObject": .embedded, "RLMAsymmetricObject": .asymmetric,
    ]

    /// Adds the declarations of the file at `path`.
    mutating func add(_ file: ObjectiveCFile, path: String) {
        problems[path, default: []] += file.problems
        for interface in file.interfaces {
            var entry = classes[interface.name] ?? DeclaredClass(name: interface.name)
            if interface.category == nil {
                if let first = entry.primary {
                    redeclarations.append(
                        (
                            interface.name, SourceLocation(file: path, line: interface.line),
                            SourceLocation(file: first.file, line: first.interface.line)
                        ))
                } else {
                    entry.primary = (interface, path)
                    classOrder.append(interface.name)
                }
            } else {
                entry.additions.append((interface, path))
            }
            classes[interface.name] = entry
        }
        for implementation in file.implementations {
            classes[implementation.name, default: DeclaredClass(name: implementation.name)].implementations.append(
                (implementation, path))
        }
        for (name, type) in file.typedefs where typedefs[name] == nil { typedefs[name] = type }
        for (name, value) in file.stringConstants where stringConstants[name] == nil { stringConstants[name] = value }
    }

    /// The model kind of `name` and its chain of model classes from the root down to it (`[Animal, Dog]`), when
    /// its superclasses reach a Realm base; `nil` for any other class.
    func modelChain(of name: String) -> (kind: ObjectSchema.Kind, chain: [String])? {
        // Realm's own subclasses, seen when an app vendors the SDK's headers, are never the app's models.
        guard !Self.realmInternalClasses.contains(name) else { return nil }
        var chain: [String] = []
        var current = name
        var seen: Set<String> = []
        while seen.insert(current).inserted, chain.count < 64 {
            if let kind = Self.realmBases[current] { return chain.isEmpty ? nil : (kind, chain.reversed()) }
            guard let declared = classes[current], let superclass = declared.superclass else { return nil }
            chain.append(current)
            current = superclass
        }
        return nil
    }

    /// The class method `selector` of `className` as Objective-C finds it: the class's own (in its implementation
    /// or a category's), else its superclass's, up to the Realm base (`nil`: Realm's default).
    func classMethod(_ selector: String, of className: String) -> (
        method: ObjectiveCMethod, owner: String, file: String
    )? {
        var current: String? = className
        var seen: Set<String> = []
        while let name = current, Self.realmBases[name] == nil, seen.insert(name).inserted {
            for (implementation, file) in classes[name]?.implementations ?? [] {
                if let method = implementation.methods.first(where: { $0.isClassMethod && $0.selector == selector }) {
                    return (method, name, file)
                }
            }
            current = classes[name]?.superclass
        }
        return nil
    }
}
