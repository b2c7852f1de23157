import RealmSchema
import SwiftDataCodegen
import SwiftSourceSyntax

/// Turns the declarations of all files into the neutral schema: finds the Realm model classes (also through
/// superclasses declared in other files), the enums their properties use, and each class's persisted properties.
struct ModelExtractor {
    private(set) var types: [DeclaredType] = []
    /// Extensions by the last component of the extended name, so finding a type's extensions is not a scan of all.
    private var extensions: [String: [DeclaredType]] = [:]
    private var typeIndex: [String: Int] = [:]
    var diagnostics: [Diagnostic] = []
    /// Lexer and parser problems (and types declared twice) by file: reported only for files that matter to the
    /// models (a project's other code is not the converter's business).
    private var fileProblems: [String: [Diagnostic]] = [:]
    /// Files that import `RealmSwift` or `Realm`.
    private var realmFiles: Set<String> = []
    /// Static and top-level variables with an initializer or a type (a computed global such as
    /// `var Current: Environment { get … set … }` too), by qualified name (`Track.ID`, `kPrimaryKey`).
    private(set) var constants: [String: DeclaredConstant] = [:]
    /// `typealias` declarations by qualified name (`Tags`, `Track.ID`).
    private var aliases: [String: DeclaredAlias] = [:]
    /// Types declared again under a name already taken (another target's type, a copy), by qualified name; resolved
    /// before extraction so that a non-model type never hides a Realm model.
    private var redeclared: [String: [DeclaredType]] = [:]
    /// Raw-value enums that conform to neither `PersistableEnum` nor `RealmEnum` (Realm rejects them as properties).
    private(set) var plainRawValueEnums: Set<String> = []
    /// The files of the module being extracted, when the others added are those of modules it imports: a name
    /// declared in both is the module's own (it shadows the imported one, which its own module converts).
    var ownFiles: Set<String>?
    /// The modules (targets) that compile each file, by path, when known: for module-qualified names
    /// (`Models.Account`).
    var modulesOfFile: [String: [String]] = [:]
    /// Types by module and qualified name (every declaration, shadowed ones too), for module-qualified names.
    private var moduleTypes: [String: [String: DeclaredType]] = [:]
    /// Top-level functions by base name (`migrate` for `migrate(_:_:)`), for a migration block that names one.
    private(set) var topLevelFunctions: [String: [DeclaredFunction]] = [:]
    /// Every file's tokens, by path, for carrying a migration block declared in it.
    private(set) var lexers: [String: Lexer] = [:]
    /// The files that build or change a Realm configuration, with their sites.
    private(set) var configurationFiles: [ConfigurationFile] = []

    /// Whether the declarations at `first` and `second` are in different modules (one the module's own, one
    /// imported): then neither redeclares the other.
    private func inDifferentModules(_ first: DeclaredType, _ second: DeclaredType) -> Bool {
        guard let ownFiles else { return false }
        return ownFiles.contains(first.file) != ownFiles.contains(second.file)
    }

    /// One source file lexed and parsed, so that the extractions of several modules read it once.
    struct ParsedSource {
        var path: String
        var lexer: Lexer
        var declarations: [Declaration]
        var problems: [(line: Int, message: String)]

        init(_ file: RealmModelParser.SourceFile) {
            path = file.path
            lexer = Lexer.tokenize(file.text)
            var parser = DeclarationParser(lexer: lexer)
            declarations = parser.parseFile()
            problems = lexer.problems + parser.problems
        }
    }

    mutating func add(_ file: RealmModelParser.SourceFile) { add(ParsedSource(file)) }

    mutating func add(_ file: ParsedSource) {
        let lexer = file.lexer
        let declarations = file.declarations
        fileProblems[file.path, default: []] += file.problems.map { problem in
            Diagnostic(.error, SourceLocation(file: file.path, line: problem.line), problem.message)
        }
        let imports = flatten(declarations, file: file.path, conditions: []).compactMap { active in
            if case .other("import", let name, _, _, _) = active.declaration { return name }
            return nil
        }
        if imports.contains("RealmSwift") || imports.contains("Realm") { realmFiles.insert(file.path) }
        // Build manifests (`Package.swift`, Tuist's `Project.swift` and helpers) are compiled by the build tool, never
        // into the app: their types are not the app's.
        if imports.contains(where: Self.manifestModules.contains) { return }
        register(declarations, enclosing: nil, file: file.path, source: lexer, conditions: [])
        lexers[file.path] = lexer
        if let configured = Self.configurationSites(of: file) { configurationFiles.append(configured) }
    }

    private mutating func register(
        _ declarations: [Declaration], enclosing: String?, file: String, source: Lexer,
        conditions: [SourceCondition.Clause]
    ) {
        for active in flatten(declarations, file: file, conditions: conditions) {
            if case .variable(let variable) = active.declaration, variable.initializer != nil || variable.type != nil,
                enclosing == nil || variable.modifiers.contains("static") || variable.modifiers.contains("class")
            {
                let name = enclosing.map { "\($0).\(variable.name)" } ?? variable.name
                // The first declaration wins, but one with a value wins over a computed one.
                if constants[name] == nil || (constants[name]?.value.isEmpty == true && variable.initializer != nil) {
                    constants[name] = DeclaredConstant(
                        value: variable.initializer ?? [], type: variable.type, owner: enclosing,
                        location: SourceLocation(file: file, line: variable.line))
                }
            }
            if enclosing == nil, case .function(let function) = active.declaration {
                let base = function.name.prefix { $0 != "(" }
                topLevelFunctions[String(base), default: []].append(
                    DeclaredFunction(function: function, file: file, source: source))
            }
            if case .other("typealias", _, let line, let start, let end) = active.declaration,
                let alias = DeclaredAlias(
                    text: source.text(from: start, to: end), enclosingName: enclosing,
                    location: SourceLocation(file: file, line: line)),
                aliases[alias.qualifiedName] == nil
            {
                aliases[alias.qualifiedName] = alias
            }
            guard case .type(let declaration) = active.declaration else { continue }
            if declaration.kind == .extension {
                let entry = DeclaredType(
                    declaration: declaration, qualifiedName: declaration.name, enclosingName: enclosing, file: file,
                    source: source, conditions: active.conditions)
                let key = declaration.name.split(separator: ".").last.map(String.init) ?? declaration.name
                extensions[key, default: []].append(entry)
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
            for module in modulesOfFile[file] ?? [] where moduleTypes[module]?[qualified] == nil {
                moduleTypes[module, default: [:]][qualified] = entry
            }
            if typeIndex[qualified] != nil {
                redeclared[qualified, default: []].append(entry)
            } else {
                typeIndex[qualified] = types.count
                types.append(entry)
            }
            register(
                declaration.members, enclosing: qualified, file: file, source: source, conditions: active.conditions)
        }
    }

    /// Every declaration of every `#if` / `#elseif` / `#else` clause, each with the clauses it sits under,
    /// outermost first.
    func flatten(_ declarations: [Declaration], file: String, conditions: [SourceCondition.Clause])
        -> [ActiveDeclaration]
    {
        var result: [ActiveDeclaration] = []
        for declaration in declarations {
            guard case .conditional(let block) = declaration else {
                result.append(ActiveDeclaration(declaration: declaration, conditions: conditions))
                continue
            }
            let written = block.clauses.map(\.condition)
            let location = SourceLocation(file: file, line: block.line)
            for (index, clause) in block.clauses.enumerated() {
                let entered = SourceCondition.Clause(block: location, conditions: written, index: index)
                result += flatten(clause.declarations, file: file, conditions: conditions + [entered])
            }
        }
        return result
    }

    /// The raw value of `caseName` in the enum `type`: as written, or the case name for a `String` enum.
    func rawValue(of caseName: String, in type: DeclaredType) -> String? {
        let isStringEnum = type.declaration.inheritance.first?.baseName == "String"
        for active in flatten(type.declaration.members, file: type.file, conditions: []) {
            guard case .enumCase(let declaration) = active.declaration else { continue }
            for element in declaration.elements where element.name == caseName {
                guard let raw = element.rawValue else { return isStringEnum ? caseName : nil }
                return raw.hasPrefix("\"") || raw.hasPrefix("#") ? ConstantEvaluator.plainString(raw) : nil
            }
        }
        return nil
    }

    /// Finds a type by the (possibly qualified) name used inside `scope`, looking outwards like Swift does; a name
    /// qualified by a module (`Models.Account`) is that module's type.
    func lookup(_ path: [String], from scope: String?) -> DeclaredType? {
        if let index = lookup(path, from: scope, in: typeIndex) { return types[index] }
        return moduleQualified(path)
    }

    /// The type a module-qualified name (`Models.Account`) names, when the first component is a module.
    private func moduleQualified(_ path: [String]) -> DeclaredType? {
        guard path.count >= 2, let table = moduleTypes[path[0]] else { return nil }
        return table[path.dropFirst().joined(separator: ".")]
    }

    /// The class name a link to `declared`, written `path` inside `scope`, records: the declaration's name, or
    /// `Module.Name` when the path names its module (the merge of modules resolves it to that module's model).
    func linkName(of declared: DeclaredType, writtenAs path: [String], from scope: String?) -> String {
        guard lookup(path, from: scope, in: typeIndex) == nil, moduleQualified(path) != nil else {
            return declared.declaration.name
        }
        return "\(path[0]).\(declared.declaration.name)"
    }

    /// Finds a `typealias` by the (possibly qualified) name used inside `scope`, looking outwards like Swift does.
    func lookupAlias(_ path: [String], from scope: String?) -> DeclaredAlias? {
        lookup(path, from: scope, in: aliases)
    }

    private func lookup<Entry>(_ path: [String], from scope: String?, in table: [String: Entry]) -> Entry? {
        let name = path.joined(separator: ".")
        var current = scope
        while let candidateScope = current {
            if let entry = table["\(candidateScope).\(name)"] { return entry }
            current =
                typeIndex[candidateScope].flatMap { types[$0].enclosingName }
                ?? candidateScope.split(separator: ".").dropLast().joined(separator: ".").nilIfEmpty
        }
        return table[name]
    }

    /// The members of `type` plus those of every extension of it.
    func members(of type: DeclaredType) -> [(member: ActiveDeclaration, owner: DeclaredType)] {
        var result = flatten(type.declaration.members, file: type.file, conditions: type.conditions).map { ($0, type) }
        for candidate in extensions[type.declaration.name] ?? [] {
            let path = candidate.qualifiedName.split(separator: ".").map(String.init)
            guard let extended = lookup(path, from: candidate.enclosingName),
                extended.qualifiedName == type.qualifiedName
            else { continue }
            result += flatten(candidate.declaration.members, file: candidate.file, conditions: candidate.conditions)
                .map { ($0, candidate) }
        }
        return result
    }

    /// Keeps one declaration per name, a Realm model over any other type (an app extension's
    /// `protocol NotificationCategory` does not hide the shared framework's model `NotificationCategory`), and
    /// reports the others with the files' problems (only when a file matters to the models).
    private mutating func resolveRedeclarations() {
        for qualified in redeclared.keys.sorted() {
            guard let index = typeIndex[qualified], var others = redeclared[qualified] else { continue }
            // The module's own declaration shadows imported ones (files are added own first).
            others.removeAll { inDifferentModules(types[index], $0) }
            if realmBase(of: types[index], depth: 0) == nil,
                let model = others.firstIndex(where: { realmBase(of: $0, depth: 0) != nil })
            {
                (types[index], others[model]) = (others[model], types[index])
            }
            let kept = types[index]
            let keptIsModel = realmBase(of: kept, depth: 0) != nil
            for other in others {
                let message =
                    keptIsModel && realmBase(of: other, depth: 0) != nil
                    ? "'\(qualified)' is declared again as a Realm model (first at \(kept.location)); only the first is "
                        + (ownFiles == nil
                            ? "converted: give the project's description (`project.pbxproj`, `Package.swift`, "
                                + "`project.yml`) so each target's models are resolved apart, or convert each target's "
                                + "folders on their own"
                            : "converted (a target that compiles both files does not build)")
                    : keptIsModel
                        ? "'\(qualified)' is declared again (the Realm model is at \(kept.location)); this \(other.declaration.kind.rawValue), "
                            + "not a model, is ignored"
                        : "'\(qualified)' is declared again (first at \(kept.location)); this one is ignored"
                fileProblems[other.file, default: []].append(Diagnostic(.warning, other.location, message))
            }
        }
        redeclared = [:]
    }

    /// Builds the schema from everything added.
    mutating func extract() -> RealmModelParser.Result {
        resolveRedeclarations()
        let enums = collectEnums()
        var objects: [ModelClass] = []
        for type in types {
            guard let base = realmBase(of: type, depth: 0) else { continue }
            let members = members(of: type)
            var extractor = ClassExtractor(type: type, kind: base.kind, members: members, models: self, enums: enums)
            var object = extractor.extract()
            diagnostics += extractor.diagnostics
            if let superclass = base.superclass,
                lookup([superclass], from: type.enclosingName) == nil
                    && lookup(superclass.split(separator: ".").map(String.init), from: nil) == nil,
                let evidence = realmModelEvidence(in: type)
            {
                diagnostics.append(
                    Diagnostic(
                        .warning, type.location,
                        "'\(type.qualifiedName)' inherits from '\(superclass)', which the input does not declare; "
                            + "converted as a Realm model because \(evidence); give the file of '\(superclass)' to "
                            + "include the properties it inherits"))
            }
            object.superclassName = base.superclass.flatMap { lookup([$0], from: nil)?.declaration.name ?? $0 }
            objects.append(object)
        }
        objects = Self.inheritingProperties(objects)
        let usedEnums = Set(objects.flatMap { $0.properties.compactMap(\.enumTypeName) })
        let listed = enums.filter { usedEnums.contains($0.name) }
        let relevant = realmFiles.union(objects.compactMap(\.sourceLocation?.file))
            .union(listed.compactMap(\.sourceLocation?.file))
        for (file, problems) in fileProblems where relevant.contains(file) { diagnostics += problems }
        var schema = ModelSchema(objectTypes: objects, enumTypes: listed.isEmpty ? nil : listed)
        let configurations = configurationCandidates(
            models: Set(objects.map(\.name)), enums: Set(listed.map(\.name)))
        let choice = ConfigurationChoice(configurations)
        schema.version = choice.version
        schema.realmConfiguration = choice.configuration
        var result = RealmModelParser.Result(
            schema: schema, diagnostics: Diagnostic.ordered(diagnostics + choice.diagnostics))
        result.configurations = configurations
        result.configurationDiagnostics = choice.diagnostics
        return result
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
            let own = Set(object.properties.map(\.name))
            let inherited = chain.flatMap(\.properties).filter { !own.contains($0.name) }
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
        if path.count == 1, let kind = Self.realmKind(path[0]) { return (kind, nil) }
        // A superclass the input does not declare: in a file that imports Realm, the class is a model when its
        // body plainly is one (Foundation and UIKit classes never are).
        guard realmFiles.contains(type.file), let name = path.last, !name.hasPrefix("NS"), !name.hasPrefix("UI"),
            realmModelEvidence(in: type) != nil
        else { return nil }
        return (.topLevel, path.joined(separator: "."))
    }

    /// What shows that `type`, whose superclass the input does not declare, is a Realm model: an override of
    /// `primaryKey()`, or `@Persisted`, `List`, `MutableSet`, `Map`, `LinkingObjects`, `RealmProperty` or
    /// `@objc dynamic` storage. `nil` when nothing does.
    func realmModelEvidence(in type: DeclaredType) -> String? {
        for active in flatten(type.declaration.members, file: type.file, conditions: []) {
            switch active.declaration {
            case .function(let function)
            where function.name == "primaryKey()" && function.modifiers.contains("override"):
                return "it overrides 'primaryKey()'"
            case .variable(let variable) where !variable.modifiers.contains("static"):
                if variable.hasAttribute("Persisted") { return "it declares '@Persisted' properties" }
                let wrapper = variable.type?.baseName ?? variable.initializer?.first?.text ?? ""
                if variable.isLet, Self.realmWrappers.contains(wrapper) { return "it declares a '\(wrapper)'" }
                if variable.hasAttribute("objc"), variable.modifiers.contains("dynamic"), variable.isStored {
                    return "it declares '@objc dynamic' storage"
                }
            default:
                continue
            }
        }
        return nil
    }

    /// The modules only build manifests import.
    private static let manifestModules: Set<String> = [
        "PackageDescription", "ProjectDescription", "ProjectDescriptionHelpers",
    ]

    private static let realmWrappers: Set<String> = [
        "List", "MutableSet", "Map", "LinkingObjects", "RealmProperty", "RealmOptional",
    ]

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
            // An `@objc` enum with an integer raw type is what legacy `@objc dynamic` properties store.
            let isRealmEnum =
                names.contains("PersistableEnum") || names.contains("RealmEnum")
                || type.declaration.attributes.contains { $0.name == "objc" }
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
            var schema = EnumSchema(
                name: type.qualifiedName, rawType: rawType, cases: cases, sourceLocation: type.location)
            schema.condition = SourceCondition.kept(type.conditions)
            result.append(schema)
        }
        return result
    }
}

extension String {
    var nilIfEmpty: String? { isEmpty ? nil : self }
}
