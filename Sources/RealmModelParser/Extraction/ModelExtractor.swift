import RealmSchema
import SwiftDataCodegen

/// Turns the declarations of all files into the neutral schema: finds the Realm model classes (also through
/// superclasses declared in other files), the enums their properties use, and each class's persisted properties.
struct ModelExtractor {
    private(set) var types: [DeclaredType] = []
    private var extensions: [DeclaredType] = []
    private var typeIndex: [String: Int] = [:]
    var diagnostics: [Diagnostic] = []
    private var reportedConditionals: Set<SourceLocation> = []
    /// Raw-value enums that conform to neither `PersistableEnum` nor `RealmEnum` (Realm rejects them as properties).
    private(set) var plainRawValueEnums: Set<String> = []

    mutating func add(_ file: RealmModelParser.SourceFile) {
        let lexer = Lexer.tokenize(file.text)
        for problem in lexer.problems {
            diagnostics.append(Diagnostic(.error, SourceLocation(file: file.path, line: problem.line), problem.message))
        }
        var parser = DeclarationParser(lexer: lexer)
        let declarations = parser.parseFile()
        for problem in parser.problems {
            diagnostics.append(Diagnostic(.error, SourceLocation(file: file.path, line: problem.line), problem.message))
        }
        register(declarations, enclosing: nil, file: file.path, source: lexer, conditions: [])
    }

    private mutating func register(
        _ declarations: [Declaration], enclosing: String?, file: String, source: Lexer, conditions: [String]
    ) {
        for active in flatten(declarations, file: file, conditions: conditions) {
            guard case .type(let declaration) = active.declaration else { continue }
            if declaration.kind == .extension {
                let entry = DeclaredType(
                    declaration: declaration, qualifiedName: declaration.name, enclosingName: enclosing, file: file,
                    source: source, conditions: active.conditions)
                extensions.append(entry)
                register(
                    declaration.members, enclosing: declaration.name, file: file, source: source,
                    conditions: active.conditions)
                continue
            }
            let qualified = enclosing.map { "\($0).\(declaration.name)" } ?? declaration.name
            let entry = DeclaredType(
                declaration: declaration, qualifiedName: qualified, enclosingName: enclosing, file: file,
                source: source,
                conditions: active.conditions)
            if let existing = typeIndex[qualified] {
                diagnostics.append(
                    Diagnostic(
                        .warning, entry.location,
                        "'\(qualified)' is declared again (first at \(types[existing].location)); this one is ignored"))
            } else {
                typeIndex[qualified] = types.count
                types.append(entry)
            }
            register(
                declaration.members, enclosing: qualified, file: file, source: source, conditions: active.conditions)
        }
    }

    /// The declarations that count: the first clause of each `#if` (its condition recorded), never the others,
    /// which are reported once as not converted.
    mutating func flatten(_ declarations: [Declaration], file: String, conditions: [String]) -> [ActiveDeclaration] {
        var result: [ActiveDeclaration] = []
        for declaration in declarations {
            guard case .conditional(let block) = declaration else {
                result.append(ActiveDeclaration(declaration: declaration, conditions: conditions))
                continue
            }
            guard let first = block.clauses.first else { continue }
            let condition = first.condition ?? ""
            result += flatten(first.declarations, file: file, conditions: conditions + [condition])
            let location = SourceLocation(file: file, line: block.line)
            let skipped = block.clauses.dropFirst().reduce(0) { $0 + $1.declarations.count }
            if skipped > 0, !reportedConditionals.contains(location) {
                reportedConditionals.insert(location)
                diagnostics.append(
                    Diagnostic(
                        .warning, location,
                        "only the first branch of '#if \(condition)' is converted; \(skipped) declaration(s) in its "
                            + "'#elseif'/'#else' branches are not"))
            }
        }
        return result
    }

    /// Finds a type by the (possibly qualified) name used inside `scope`, looking outwards like Swift does.
    func lookup(_ path: [String], from scope: String?) -> DeclaredType? {
        let name = path.joined(separator: ".")
        var current = scope
        while let candidateScope = current {
            if let index = typeIndex["\(candidateScope).\(name)"] { return types[index] }
            current =
                typeIndex[candidateScope].flatMap { types[$0].enclosingName }
                ?? candidateScope.split(separator: ".").dropLast().joined(separator: ".").nilIfEmpty
        }
        return typeIndex[name].map { types[$0] }
    }

    /// The members of `type` plus those of every extension of it.
    mutating func members(of type: DeclaredType) -> [(member: ActiveDeclaration, owner: DeclaredType)] {
        var result = flatten(type.declaration.members, file: type.file, conditions: type.conditions).map { ($0, type) }
        for candidate in extensions {
            let path = candidate.qualifiedName.split(separator: ".").map(String.init)
            guard let extended = lookup(path, from: candidate.enclosingName),
                extended.qualifiedName == type.qualifiedName
            else { continue }
            result += flatten(candidate.declaration.members, file: candidate.file, conditions: candidate.conditions)
                .map { ($0, candidate) }
        }
        return result
    }

    /// Builds the schema from everything added.
    mutating func extract() -> RealmModelParser.Result {
        let enums = collectEnums()
        var objects: [ModelClass] = []
        for type in types {
            guard let base = realmBase(of: type, depth: 0) else { continue }
            let members = members(of: type)
            var extractor = ClassExtractor(type: type, kind: base.kind, members: members, models: self, enums: enums)
            var object = extractor.extract()
            diagnostics += extractor.diagnostics
            object.superclassName = base.superclass.flatMap { lookup([$0], from: nil)?.declaration.name ?? $0 }
            objects.append(object)
        }
        objects = Self.inheritingProperties(objects)
        let usedEnums = Set(objects.flatMap { $0.properties.compactMap(\.enumTypeName) })
        let listed = enums.filter { usedEnums.contains($0.name) }
        let schema = ModelSchema(objectTypes: objects, enumTypes: listed.isEmpty ? nil : listed)
        let ordered = diagnostics.enumerated().sorted { left, right in
            (left.element.location.file, left.element.location.line, left.offset)
                < (right.element.location.file, right.element.location.line, right.offset)
        }
        return RealmModelParser.Result(schema: schema, diagnostics: ordered.map(\.element))
    }

    /// Copies the persisted properties of model superclasses into their subclasses, as Realm does.
    private static func inheritingProperties(_ objects: [ModelClass]) -> [ModelClass] {
        let byName = Dictionary(objects.map { ($0.name, $0) }, uniquingKeysWith: { first, _ in first })
        return objects.map { object in
            var result = object
            var chain: [ModelClass] = []
            var next = object.superclassName
            var seen: Set<String> = [object.name]
            while let name = next, let parent = byName[name], !seen.contains(name) {
                seen.insert(name)
                chain.insert(parent, at: 0)
                next = parent.superclassName
            }
            let inherited = chain.flatMap(\.properties).filter { property in
                !object.properties.contains { $0.name == property.name }
            }
            result.properties = inherited + object.properties
            if result.primaryKey == nil { result.primaryKey = chain.last(where: { $0.primaryKey != nil })?.primaryKey }
            return result
        }
    }

    /// Whether `type` is a Realm model class, of which kind, and its model superclass if it has one.
    func realmBase(of type: DeclaredType, depth: Int) -> (kind: ObjectSchema.Kind, superclass: String?)? {
        guard type.declaration.kind == .class, depth < 32, let first = type.declaration.inheritance.first,
            case .named(let path, _) = first
        else { return nil }
        if path.count == 2 && path[0] == "RealmSwift" { return Self.realmKind(path[1]).map { ($0, nil) } }
        if let parent = lookup(path, from: type.enclosingName), parent.declaration.kind == .class,
            parent.qualifiedName != type.qualifiedName
        {
            return realmBase(of: parent, depth: depth + 1).map { ($0.kind, parent.qualifiedName) }
        }
        return path.count == 1 ? Self.realmKind(path[0]).map { ($0, nil) } : nil
    }

    private static func realmKind(_ name: String) -> ObjectSchema.Kind? {
        switch name {
        case "Object": .topLevel
        case "EmbeddedObject": .embedded
        case "AsymmetricObject": .asymmetric
        default: nil
        }
    }

    /// Every enum a property could be persisted as: a raw-value enum conforming to `PersistableEnum` or `RealmEnum`,
    /// and (recorded in `plainRawValueEnums`, so their use can be flagged) raw-value enums conforming to neither.
    private mutating func collectEnums() -> [EnumSchema] {
        var result: [EnumSchema] = []
        for type in types where type.declaration.kind == .enum {
            let names = type.declaration.inheritance.compactMap(\.baseName)
            let isRealmEnum = names.contains("PersistableEnum") || names.contains("RealmEnum")
            guard let rawType = names.first, TypeResolver.rawValueTypes[rawType] != nil else {
                if isRealmEnum {
                    diagnostics.append(
                        Diagnostic(
                            .error, type.location,
                            "enum '\(type.qualifiedName)' conforms to a Realm enum protocol but has no supported raw type"
                        ))
                }
                continue
            }
            if !isRealmEnum { plainRawValueEnums.insert(type.qualifiedName) }
            var cases: [EnumSchema.Case] = []
            for active in flatten(type.declaration.members, file: type.file, conditions: type.conditions) {
                guard case .enumCase(let declaration) = active.declaration else { continue }
                for element in declaration.elements {
                    cases.append(EnumSchema.Case(name: element.name, rawValue: element.rawValue))
                }
            }
            result.append(
                EnumSchema(name: type.qualifiedName, rawType: rawType, cases: cases, sourceLocation: type.location))
        }
        return result
    }
}

extension String {
    var nilIfEmpty: String? { isEmpty ? nil : self }
}
