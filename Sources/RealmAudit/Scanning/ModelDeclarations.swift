import SwiftSourceSyntax

/// A type declaration of the file, flattened out of its nesting (members, `#if` clauses).
struct DeclaredType {
    var declaration: TypeDeclaration
    /// Index of its `class`/`struct`/… keyword token.
    var keywordIndex: Int?
}

/// A model class and its persisted properties, found in the declarations; `superclass` is set when the class
/// inherits another class that may be a model of another file (decided once every file is read).
struct ModelCandidate: Sendable {
    var className: String
    /// The superclass a model must be, or `nil` for a direct `Object` / `EmbeddedObject` subclass.
    var superclass: String?
    var findings: [RealmAuditFinding]
}

/// Reads model classes out of a file's declarations.
enum ModelDeclarations {
    /// Every type declared in `declarations`, outermost first.
    static func types(in declarations: [Declaration]) -> [TypeDeclaration] {
        var result: [TypeDeclaration] = []
        var pending = declarations[...]
        // Iterative, so that no input nests the call stack.
        while let declaration = pending.popFirst() {
            switch declaration {
            case .type(let type):
                result.append(type)
                pending.append(contentsOf: type.members)
            case .conditional(let block):
                for clause in block.clauses { pending.append(contentsOf: clause.declarations) }
            default:
                break
            }
        }
        return result
    }

    private static let directBases: [String: RealmAPI] = [
        "Object": .objectSubclass, "EmbeddedObject": .embeddedObjectSubclass,
        "AsymmetricObject": .asymmetricObjectSubclass,
    ]

    /// The model candidates among `types`: direct subclasses of Realm's base classes, and classes inheriting
    /// another class (`superclass` set), each with findings for the class and its persisted properties.
    static func candidates(in types: [TypeDeclaration], scanner: ScanContext) -> [ModelCandidate] {
        var result: [ModelCandidate] = []
        for type in types where type.kind == .class {
            guard let base = type.inheritance.first, case .named(let path, _) = base, let last = path.last else {
                continue
            }
            let isRealmPath = path.count == 1 || (path.count == 2 && path.first == "RealmSwift")
            let direct = isRealmPath ? directBases[last] : nil
            // Only a capitalised base can be a superclass; protocols (`Codable`) are filtered when resolving.
            guard direct != nil || last.first?.isUppercase == true else { continue }
            let api = direct ?? .modelSubclass
            var findings = [scanner.finding(api, at: scanner.index(ofKeyword: type), within: type)]
            findings += properties(of: type, scanner: scanner)
            result.append(
                ModelCandidate(className: type.name, superclass: direct == nil ? last : nil, findings: findings))
        }
        return result
    }

    private static let legacyCollections: [String: RealmAPI] = [
        "List": .list, "MutableSet": .mutableSet, "Map": .map, "LinkingObjects": .linkingObjects,
        "RealmProperty": .realmProperty, "RealmOptional": .realmOptional,
    ]

    private static func properties(of type: TypeDeclaration, scanner: ScanContext) -> [RealmAuditFinding] {
        var findings: [RealmAuditFinding] = []
        for member in members(of: type) {
            guard case .variable(let variable) = member, !variable.modifiers.contains("static") else { continue }
            let start = scanner.index(atOffset: variable.start)
            if variable.hasAttribute("Persisted") {
                findings.append(scanner.finding(.persisted, at: start, within: type))
            } else if variable.hasAttribute("objc") && variable.modifiers.contains("dynamic") {
                findings.append(scanner.finding(.objcDynamic, at: start, within: type))
            } else if let api = legacyCollection(variable) {
                findings.append(scanner.finding(api, at: start, within: type))
            }
        }
        return findings
    }

    /// `let tags = List<Tag>()`, `let owners = LinkingObjects(fromType: …)`, `let age = RealmProperty<Int?>()`.
    private static func legacyCollection(_ variable: VariableDeclaration) -> RealmAPI? {
        guard variable.isStored else { return nil }
        var tokens = (variable.initializer ?? [])[...]
        if tokens.first?.isIdentifier("RealmSwift") == true { tokens = tokens.dropFirst(2) }
        if let name = tokens.first?.text, let api = legacyCollections[name] { return api }
        if let base = variable.type?.baseName, variable.initializer == nil, let api = legacyCollections[base] {
            return api
        }
        return nil
    }

    /// The members of a type, `#if` clauses included.
    private static func members(of type: TypeDeclaration) -> [Declaration] {
        var result: [Declaration] = []
        var pending = type.members[...]
        while let member = pending.popFirst() {
            if case .conditional(let block) = member {
                for clause in block.clauses { pending.append(contentsOf: clause.declarations) }
            } else {
                result.append(member)
            }
        }
        return result
    }
}
