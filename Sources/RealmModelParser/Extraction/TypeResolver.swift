import RealmSchema
import SwiftDataCodegen
import SwiftSourceSyntax

/// What a persisted property's Swift type means to Realm.
struct ResolvedType {
    var type: PropertyType
    var isOptional = false
    var collection: CollectionKind = .single
    var objectClassName: String?
    var declaredSwiftType: String?
    var enumTypeName: String?
    /// The target model's kind, for links.
    var targetKind: ObjectSchema.Kind?
    /// A remark about how the type was read (a near-miss such as `RealmSwiftCollection`).
    var warning: String?
    /// The type's name as written when the input does not declare it (kept as a link-shaped property).
    var assumedTypeName: String?
}

/// Maps Swift types as written in Realm models to Realm property types.
struct TypeResolver {
    let models: ModelExtractor
    let enums: [String: EnumSchema]
    /// The qualified name of the class whose property is being resolved (for nested type lookup).
    let scope: String?

    /// Raw value types Realm enums may have, and how they are stored.
    static let rawValueTypes: [String: PropertyType] = [
        "String": .string, "Int": .int, "Int8": .int, "Int16": .int, "Int32": .int, "Int64": .int, "Float": .float,
        "Double": .double,
    ]

    private static let valueTypes: [String: (PropertyType, declared: String?)] = [
        "Bool": (.bool, nil), "Int": (.int, nil), "Int8": (.int, "Int8"), "Int16": (.int, "Int16"),
        "Int32": (.int, "Int32"), "Int64": (.int, "Int64"), "Float": (.float, nil), "Double": (.double, nil),
        "TimeInterval": (.double, "TimeInterval"), "String": (.string, nil), "NSString": (.string, nil),
        "Data": (.data, nil), "NSData": (.data, nil), "Date": (.date, nil), "NSDate": (.date, nil),
        "Decimal128": (.decimal128, nil), "ObjectId": (.objectId, nil), "UUID": (.uuid, nil),
        "AnyRealmValue": (.mixed, nil),
        // Legacy spellings older models still use.
        "NSTimeInterval": (.double, "TimeInterval"), "CFTimeInterval": (.double, "TimeInterval"),
        "NSInteger": (.int, nil), "Float64": (.double, nil), "Float32": (.float, nil),
    ]

    private static let qualifiers: Set<String> = ["RealmSwift", "Swift", "Foundation"]

    /// The raw types of Apple's enums that models persist by raw value (`RealmProperty<CLAccuracyAuthorization
    /// .RawValue?>`), as Apple's SDKs declare them: their `RawValue` is known without the SDK.
    private static let appleRawValueTypes: [String: String] = [
        "CLAccuracyAuthorization": "Int", "CLAuthorizationStatus": "Int32", "CLActivityType": "Int",
        "UNAuthorizationStatus": "Int", "UIUserInterfaceStyle": "Int", "UIDeviceOrientation": "Int",
        "UIInterfaceOrientation": "Int",
    ]

    /// Realm and standard names that are never a stored value of an app's type.
    private static let notStorable: Set<String> = [
        "Results", "List", "MutableSet", "Map", "LinkingObjects", "RealmOptional", "RealmProperty", "Object",
        "EmbeddedObject", "AsymmetricObject", "Any", "AnyObject", "Self",
    ]

    /// The unqualified name of a Realm or standard type (`RealmSwift.List` → `List`), or `nil` for other paths.
    private static func wellKnownName(_ path: [String]) -> String? {
        if path.count == 1 { return path[0] }
        if path.count == 2 && qualifiers.contains(path[0]) { return path[1] }
        return nil
    }

    /// Resolves a whole property type (wrappers included); returns a message when Realm cannot persist it.
    func resolve(_ written: TypeSyntax) -> Result<ResolvedType, ResolutionError> {
        let type: TypeSyntax
        switch models.expandingAliases(written, from: scope) {
        case .success(let expanded): type = expanded
        case .failure(let error): return .failure(error)
        }
        var inner = type
        var isOptional = false
        if case .optional(let wrapped) = type {
            inner = wrapped
            isOptional = true
        }
        if case .named(let path, let arguments) = inner, let name = Self.wellKnownName(path) {
            switch name {
            case "List", "MutableSet", "RealmSwiftCollection":
                guard arguments.count == 1 else { return .failure(.init("'\(name)' needs one element type")) }
                if isOptional { return .failure(.init("a '\(name)' property cannot be optional")) }
                return element(arguments[0]).map { resolved in
                    var result = resolved
                    result.collection = name == "MutableSet" ? .set : .list
                    if name == "RealmSwiftCollection" {
                        // The Realm → SwiftData guide declares lists this way; Realm has no such type.
                        result.warning = "'RealmSwiftCollection' is not a Realm type; read as 'List'"
                    }
                    return result
                }
            case "Map":
                guard arguments.count == 2 else { return .failure(.init("'Map' needs a key and a value type")) }
                guard arguments[0] == .named(path: ["String"], arguments: []) else {
                    return .failure(.init("Realm maps need 'String' keys, not '\(arguments[0].description)'"))
                }
                return element(arguments[1]).map { resolved in
                    var result = resolved
                    result.collection = .dictionary
                    return result
                }
            case "LinkingObjects":
                guard arguments.count == 1, case .named(let targetPath, _) = arguments[0] else {
                    return .failure(.init("'LinkingObjects' needs one object type"))
                }
                guard let target = models.lookup(targetPath, from: scope), models.realmBase(of: target, depth: 0) != nil
                else {
                    return .failure(
                        .init("'LinkingObjects<\(arguments[0].description)>' names no Realm model class in the input"))
                }
                return .success(
                    ResolvedType(
                        type: .linkingObjects, collection: .list,
                        objectClassName: models.linkName(of: target, writtenAs: targetPath, from: scope)))
            case "RealmOptional", "RealmProperty":
                guard arguments.count == 1 else { return .failure(.init("'\(name)' needs one value type")) }
                let argument: TypeSyntax
                if case .optional(let wrapped) = arguments[0] { argument = wrapped } else { argument = arguments[0] }
                return single(argument).map { resolved in
                    var result = resolved
                    result.isOptional = true
                    return result
                }
            case "Results":
                return .failure(.init("'Results' is a query, not a stored value"))
            default:
                break
            }
        }
        return single(inner).map { resolved in
            var result = resolved
            result.isOptional = isOptional
            if result.type == .mixed { result.isOptional = false }
            return result
        }
    }

    /// A collection element or map value: may itself be optional.
    private func element(_ type: TypeSyntax) -> Result<ResolvedType, ResolutionError> {
        if case .optional(let wrapped) = type {
            return single(wrapped).map { resolved in
                var result = resolved
                result.isOptional = true
                return result
            }
        }
        return single(type)
    }

    /// One value type: a Realm value type, a model class (a link), or a Realm enum.
    private func single(_ type: TypeSyntax) -> Result<ResolvedType, ResolutionError> {
        guard case .named(let path, let arguments) = type, arguments.isEmpty else {
            return .failure(.init("unsupported type '\(type.description)'"))
        }
        // Types declared in the input shadow Realm's and Foundation's names, as they would in Swift.
        if let declared = models.lookup(path, from: scope) {
            if let base = models.realmBase(of: declared, depth: 0) {
                return .success(
                    ResolvedType(
                        type: .object, objectClassName: models.linkName(of: declared, writtenAs: path, from: scope),
                        targetKind: base.kind))
            }
            if let known = enums[declared.qualifiedName], let storage = Self.rawValueTypes[known.rawType] {
                var resolved = ResolvedType(
                    type: storage,
                    declaredSwiftType: known.rawType == "String" || known.rawType == "Int" ? nil : known.rawType,
                    enumTypeName: known.name)
                if models.plainRawValueEnums.contains(known.name) {
                    resolved.warning =
                        "enum '\(known.name)' is not a 'PersistableEnum' (Realm rejects it); converted as a raw-value enum"
                }
                return .success(resolved)
            }
            if declared.declaration.kind == .enum {
                return .failure(.init("enum '\(declared.qualifiedName)' is not a 'PersistableEnum' with a raw type"))
            }
            return .failure(.init("'\(declared.qualifiedName)' is not a Realm object, embedded object or enum"))
        }
        if let name = Self.wellKnownName(path), let known = Self.valueTypes[name] {
            return .success(ResolvedType(type: known.0, declaredSwiftType: known.declared))
        }
        if path.count == 2, path[1] == "RawValue", let raw = Self.appleRawValueTypes[path[0]],
            let known = Self.valueTypes[raw]
        {
            return .success(ResolvedType(type: known.0, declaredSwiftType: known.declared))
        }
        if let name = path.last, name.first?.isUppercase == true, !Self.notStorable.contains(name) {
            let written = path.joined(separator: ".")
            return .success(ResolvedType(type: .object, objectClassName: written, assumedTypeName: written))
        }
        return .failure(
            .init("unsupported type '\(type.description)' (not a Realm type, and not declared in the input)"))
    }
}

/// Why a type cannot be persisted.
struct ResolutionError: Error {
    var message: String
    init(_ message: String) { self.message = message }
}
