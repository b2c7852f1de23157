import SwiftSourceSyntax

/// The kinds of the names a file declares (`let realm = try Realm()`, `var dogs: Results<Dog>`, parameters),
/// read from tokens, each in its scope: a parameter in its function's body, a variable in the braces that hold it
/// (a type's members in the type), so a parameter `config: Config` in one function does not hide a stored
/// `config: Realm.Configuration` elsewhere. A name declared twice with different kinds in one scope is `other`.
/// Names the file does not declare are looked up in its module's symbols: the members of the types it is inside
/// (declared in another file, an extension or a superclass), then the module's globals.
struct ReceiverKinds {
    /// One declaration of a name: its scope (byte offsets) and what it says.
    struct Declared {
        var scope: Range<Int>
        var type: NameType
    }

    /// Each name's declarations, by the start of their scope.
    private var declarations: [String: [Declared]] = [:]
    /// Locals written without a type that an expression types at a use: initialised by one that says nothing by
    /// itself (a call into the module), bound by a tuple pattern or a loop.
    private(set) var bindings: [String: [Binding]] = [:]
    /// Closure parameters written without a type (`{ session in`, `{ (a, b) in`): the closure's braces (byte
    /// offsets), the index of its `{` and the parameter's position.
    private(set) var closureParameters: [String: [(scope: Range<Int>, brace: Int, position: Int)]] = [:]
    /// For each token, the index of the innermost bracket holding it (`-1` at top level).
    private let enclosing: [Int]
    /// Each name's declarations merged, for a use no scope holds: `nil` when they disagree on the kind.
    private var fileWide: [String: NameType?] = [:]
    /// The declarations of the file's module (its own included), and the file's types, to find what it is inside.
    private let module: ModuleSymbols?
    private let types: [TypeDeclaration]
    /// The model classes of the file and of its module.
    let modelClasses: Set<String>

    /// - Parameters:
    ///   - realmVisible: whether the file imports Realm (or sees its re-export); when not, Realm's type names in
    ///     it are not Realm's, and what they declare is `other`.
    ///   - module: the symbols of the file's module; `types`: the file's type declarations.
    init(
        navigator: TokenNavigator, modelClasses: Set<String>, realmVisible: Bool = true, module: ModuleSymbols? = nil,
        types: [TypeDeclaration] = []
    ) {
        self.module = module
        self.types = types
        let modelClasses = modelClasses.union(module?.modelClasses ?? [])
        self.modelClasses = modelClasses
        let tokens = navigator.tokens
        let enclosing = Self.enclosingBrackets(navigator)
        self.enclosing = enclosing
        // The file's generic types' parameters that are Realm collections, by the type's braces (byte offsets).
        var generics: [(scope: Range<Int>, collections: [String: NameType])] = []
        if realmVisible {
            for type in types where type.kind != .extension {
                // The type's first token: tokens are in source order.
                var (first, high) = (0, tokens.count)
                while first < high {
                    let middle = (first + high) / 2
                    if tokens[middle].start < type.start { first = middle + 1 } else { high = middle }
                }
                let header = tokens[first...].prefix { $0.start < type.end && !$0.isPunctuation("{") }
                let collections = FileSymbols.genericCollections(inHeader: Array(header))
                if !collections.isEmpty { generics.append((type.start..<type.end, collections)) }
            }
        }
        /// Name → scope → index in `declarations[name]`, while reading.
        var positions: [String: [Range<Int>: Int]] = [:]
        for index in tokens.indices {
            if tokens[index].isPunctuation("{"), module != nil,
                let names = Self.closureParameterNames(at: index, navigator), let close = navigator.partner(of: index)
            {
                let scope = tokens[index].start..<(navigator[close]?.end ?? Int.max)
                for (position, name) in names.enumerated() {
                    guard let name else { continue }
                    closureParameters[name, default: []].append((scope, index, position))
                }
            }
            guard tokens[index].kind == .identifier else { continue }
            for (name, binding) in Self.patternBindings(at: index, navigator, enclosing) {
                bindings[name, default: []].append(binding)
            }
            let name = tokens[index].text
            guard let next = navigator[index + 1] else { continue }
            var type: NameType?
            if next.isPunctuation(":"), navigator[index - 1].map(Self.canPrecedeDeclaredName) == true {
                type = NameType(
                    kind: Self.kind(ofTypeAt: index + 2, navigator, modelClasses),
                    element: Self.element(ofTypeAt: index + 2, navigator),
                    typeName: Self.typeName(at: index + 2, navigator))
                // `tags: Tags` in `struct Request<Tags: RealmCollection>`: a Realm collection.
                if type?.kind == .other, let written = type?.typeName, navigator[index + 2]?.text == written,
                    !navigator.isPunctuation(index + 3, "."),
                    let collection = generics.last(where: {
                        $0.scope.contains(tokens[index].start) && $0.collections[written] != nil
                    })?.collections[written]
                {
                    type = collection
                }
            } else if next.isOperator("="),
                navigator[index - 1].map({ $0.isIdentifier("let") || $0.isIdentifier("var") })
                    == true
            {
                let kind = Self.kind(ofExpressionAt: index + 2, navigator)
                let queried = Self.queriedClass(ofExpressionAt: index + 2, navigator)
                // `realm.objects(Dog.self).first`: a `Dog`.
                type = NameType(
                    kind: kind, element: queried ?? Self.arrayElement(at: index + 2, navigator),
                    typeName: Self.initialisedType(at: index + 2, navigator) ?? (kind == .modelObject ? queried : nil))
            }
            let isLocal =
                next.isOperator("=")
                && (navigator.isIdentifier(index - 1, "let") || navigator.isIdentifier(index - 1, "var"))
            guard var type, type.kind != .unknown else {
                // `let file = try await manager.rename(…)`: typed later by the module's declarations, if at all.
                if module != nil, isLocal, let end = Self.initializerEnd(from: index + 2, navigator) {
                    let scope = Self.scope(ofDeclarationAt: index, navigator, enclosing)
                    bindings[name, default: []].append(Binding(scope: scope, end: end, form: .value))
                }
                continue
            }
            if !realmVisible && type.kind.isRealmValue {
                // Without Realm's names, `let done = store.realm.objects(Note.self)` is Realm's only when the chain
                // starts at a Realm value: the scanner types it from its initializer, else it is `other`.
                if module != nil, isLocal, let end = Self.initializerEnd(from: index + 2, navigator) {
                    let scope = Self.scope(ofDeclarationAt: index, navigator, enclosing)
                    bindings[name, default: []].append(Binding(scope: scope, end: end, form: .value))
                }
                type.kind = .other
            }
            if type.kind != .realmCollection && type.kind != .swiftCollection { type.element = nil }
            let scope = Self.scope(ofDeclarationAt: index, navigator, enclosing)
            if let same = positions[name]?[scope], let earlier = declarations[name]?[same].type {
                declarations[name]?[same].type = earlier.merged(with: type)
            } else {
                positions[name, default: [:]][scope] = declarations[name]?.count ?? 0
                declarations[name, default: []].append(Declared(scope: scope, type: type))
            }
        }
        for (name, entries) in declarations {
            let sorted = entries.sorted { $0.scope.lowerBound < $1.scope.lowerBound }
            declarations[name] = sorted
            guard let first = sorted.first, sorted.allSatisfy({ $0.type.kind == first.type.kind }) else {
                fileWide[name] = .some(nil)
                continue
            }
            fileWide[name] = sorted.dropFirst().reduce(first.type) { $0.merged(with: $1.type) }
        }
    }

    /// The declaration of `name` visible at byte `offset`: the innermost scope holding it, or (for `self.name`)
    /// the outermost, where a type's members are. When none holds it, a member of the types around `offset` in
    /// the module (another file's, an extension's, a superclass's), then the file's declarations of the name if
    /// they agree (a member used in an extension of its type in the same file), then the module's globals.
    private func declaration(_ name: String, at offset: Int, viaSelf: Bool) -> NameType? {
        if let found = scopedDeclaration(name, at: offset, viaSelf: viaSelf) { return found.type }
        if let member = memberOfEnclosingTypes(name, at: offset)?.value { return member }
        if let agreed = fileWide[name] { return agreed }
        return module?.globals[name]?.value.map(resolvingModels)
    }

    /// The declaration of `name` whose scope holds `offset`: the innermost, or for `self.name` the outermost.
    func scopedDeclaration(_ name: String, at offset: Int, viaSelf: Bool) -> Declared? {
        guard let all = declarations[name] else { return nil }
        // The last scope starting at or before `offset` (scopes nest or are disjoint).
        var low = 0
        var high = all.count
        while low < high {
            let middle = (low + high) / 2
            if all[middle].scope.lowerBound <= offset { low = middle + 1 } else { high = middle }
        }
        let candidates = all[..<low]
        return viaSelf ? candidates.first { $0.scope.contains(offset) } : candidates.last { $0.scope.contains(offset) }
    }

    /// `name` as a member of the types whose declarations hold `offset`, innermost first, in the module.
    private func memberOfEnclosingTypes(_ name: String, at offset: Int) -> DeclaredSymbol? {
        guard let module else { return nil }
        let holding = types.filter { $0.start <= offset && offset < $0.end }.sorted { $0.start > $1.start }
        for type in holding {
            if let found = module.member(name, ofType: Self.lastComponent(type.name)) { return resolvingModels(found) }
        }
        return nil
    }

    /// A type name that is a model class of the module makes a model object.
    func resolvingModels(_ type: NameType) -> NameType {
        var resolved = type
        // `(Note, Note)`: each element of a tuple.
        resolved.tuple = type.tuple?.map { $0.map(resolvingModels) }
        guard type.kind == .other, let name = type.typeName, module?.modelClasses.contains(name) == true else {
            return resolved
        }
        resolved.kind = .modelObject
        return resolved
    }

    private func resolvingModels(_ symbol: DeclaredSymbol) -> DeclaredSymbol {
        var resolved = symbol
        resolved.value = symbol.value.map(resolvingModels)
        resolved.result = symbol.result.map(resolvingModels)
        resolved.alias = symbol.alias.map(resolvingModels)
        resolved.closures = symbol.closures.map { closures in
            ClosureParameters(
                byLabel: closures.byLabel.mapValues { $0.map { $0.map(resolvingModels) } },
                trailing: closures.trailing.map { $0.map { $0.map(resolvingModels) } },
                signatures: closures.signatures.map { signature in
                    signature.map { shape in
                        var resolved = shape
                        resolved.closure = shape.closure.map { $0.map { $0.map(resolvingModels) } }
                        return resolved
                    }
                })
        }
        return resolved
    }

    private static func lastComponent(_ name: String) -> String {
        String(name.split(separator: ".").last ?? Substring(name))
    }

    /// The index of the innermost bracket (`(`, `[`, `{`) holding the token at `index`.
    func enclosingBracket(of index: Int) -> Int? {
        guard enclosing.indices.contains(index), enclosing[index] >= 0 else { return nil }
        return enclosing[index]
    }

    /// What the name at byte `offset` is declared as (in the file, the module's types around it, or its globals).
    func declaredType(of name: String, at offset: Int, viaSelf: Bool = false) -> NameType? {
        declaration(name, at: offset, viaSelf: viaSelf)
    }

    /// The member `name` of the type named `type` in the module (its superclasses included).
    func member(_ name: String, ofType type: String) -> DeclaredSymbol? {
        module?.member(name, ofType: type).map(resolvingModels)
    }

    /// A function (or closure-typed variable) `name` called without a receiver at byte `offset`: a method of the
    /// types around it, or a global.
    func callable(_ name: String, at offset: Int) -> DeclaredSymbol? {
        memberOfEnclosingTypes(name, at: offset) ?? module?.globals[name].map(resolvingModels)
    }

    /// The name of the innermost type whose declaration holds byte `offset` (an extension's extended type).
    func enclosingTypeName(at offset: Int) -> String? {
        types.filter { $0.start <= offset && offset < $0.end }.max { $0.start < $1.start }.map {
            Self.lastComponent($0.name)
        }
    }

    /// The element class of a name declared as a Realm collection, when its declaration shows it.
    func elementClass(of name: String, at offset: Int, viaSelf: Bool = false) -> String? {
        declaration(name, at: offset, viaSelf: viaSelf)?.element
    }

    /// The type name a name is declared with (`Item` for `item: Item`), when written.
    func typeName(of name: String, at offset: Int) -> String? {
        declaration(name, at: offset, viaSelf: false)?.typeName
    }

    private static func canPrecedeDeclaredName(_ token: Token) -> Bool {
        token.isIdentifier("let") || token.isIdentifier("var") || token.isPunctuation("(")
            || token.isPunctuation(",") || token.kind == .identifier
    }

    /// The kind of a name used at byte `offset`, from its declaration in scope or, failing that, its spelling
    /// (`realm`, `localRealm`); `viaSelf` for `self.name`.
    func receiver(named name: String, at offset: Int, viaSelf: Bool = false) -> Receiver {
        if let declared = declaration(name, at: offset, viaSelf: viaSelf) {
            return Receiver(kind: declared.kind, element: declared.element)
        }
        let lower = name.lowercased()
        if lower.hasSuffix("realm") {
            return Receiver(kind: .realm, inference: "receiver inferred from its name '\(name)'")
        }
        if lower.hasSuffix("config") || lower.hasSuffix("configuration") {
            return Receiver(kind: .configuration, inference: "receiver inferred from its name '\(name)'")
        }
        let spelled: [(suffix: String, kind: ReceiverKind)] = [
            ("queue", .dispatchQueue), ("app", .realmApp), ("user", .syncUser), ("migration", .migration),
            ("notificationtoken", .notificationToken),
        ]
        if let match = spelled.first(where: { lower.hasSuffix($0.suffix) }) {
            return Receiver(kind: match.kind, inference: "receiver inferred from its name '\(name)'")
        }
        return Receiver(kind: .unknown)
    }
}
