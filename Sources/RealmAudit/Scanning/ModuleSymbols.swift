import SwiftSourceSyntax

/// What a declaration says a name's value is: its kind, the element of a collection, and the type name written.
struct NameType: Sendable, Equatable {
    var kind: ReceiverKind
    /// The element class of a Realm collection (`Dog` for `Results<Dog>`) or of an array (`NotificationToken`).
    var element: String?
    /// The (last component of the) type written or initialised (`Item` for `item: Item`, `Env` for `Env()`).
    var typeName: String?
    /// For a tuple type (`(Note, Int)`), the type of each element.
    var tuple: [NameType?]?

    /// The two declarations' common part: the kind when they agree (`other` otherwise), names when equal.
    func merged(with other: NameType) -> NameType {
        NameType(
            kind: kind == other.kind ? kind : .other, element: element == other.element ? element : nil,
            typeName: typeName == other.typeName ? typeName : nil, tuple: tuple == other.tuple ? tuple : nil)
    }
}

/// A name declared outside a function body: a variable's value, and for a function or a closure-typed variable
/// what calling it returns; for a function, also what the closures it takes are given and which argument's type its
/// result is; for a typealias, the type it names.
struct DeclaredSymbol: Sendable, Equatable {
    var value: NameType?
    var result: NameType?
    /// For a typealias (`typealias Answer = Results<Note>`): the type it names.
    var alias: NameType?
    /// For a function: the parameters of the closures its function-typed parameters take.
    var closures: ClosureParameters?
    /// For a function whose result type is a parameter's type or a member type of it (`R.Answer` in
    /// `func run<R: Query>(query: R) -> R.Answer`): the argument whose type decides the result.
    var resultFromArgument: ArgumentResult?

    /// Whether the declaration says anything.
    var isEmpty: Bool { value == nil && result == nil && alias == nil && closures == nil && resultFromArgument == nil }

    func merged(with other: DeclaredSymbol) -> DeclaredSymbol {
        DeclaredSymbol(
            value: Self.merge(value, other.value), result: Self.merge(result, other.result),
            alias: Self.merge(alias, other.alias), closures: Self.merge(closures, other.closures),
            resultFromArgument: Self.merge(resultFromArgument, other.resultFromArgument))
    }

    private static func merge(_ first: NameType?, _ second: NameType?) -> NameType? {
        guard let first else { return second }
        guard let second else { return first }
        return first.merged(with: second)
    }

    private static func merge(_ first: ClosureParameters?, _ second: ClosureParameters?) -> ClosureParameters? {
        guard let first else { return second }
        guard let second else { return first }
        return first.merged(with: second)
    }

    /// Overloads that bind their result to different arguments say nothing.
    private static func merge(_ first: ArgumentResult?, _ second: ArgumentResult?) -> ArgumentResult? {
        guard let first else { return second }
        guard let second else { return first }
        return first == second ? first : nil
    }
}

/// The names one file declares for the rest of its module: each type's members (a type's extensions included,
/// by the extended type's last name component), classes' superclasses, top-level variables and functions, and the
/// file's direct model classes.
struct FileSymbols: Sendable {
    var members: [String: [String: DeclaredSymbol]] = [:]
    var superclasses: [String: String] = [:]
    var globals: [String: DeclaredSymbol] = [:]
    var modelClasses: Set<String> = []

    /// Reads the symbols of a file's declarations. `realmVisible`: the file imports Realm (or sees its re-export);
    /// when not, Realm's type names in it are not Realm's, and what they type is `other`. `lexer`: the file's, for
    /// the text of its typealiases.
    init(_ declarations: [Declaration], realmVisible: Bool, lexer: Lexer) {
        var pending: [(owner: String?, declaration: Declaration)] = declarations.map { (nil, $0) }
        // For each type, its generic parameters that are Realm collections (`Tags: RealmCollection`).
        var genericCollections: [String: [String: NameType]] = [:]
        var next = 0
        // Iterative, so that no input nests the call stack.
        while next < pending.count {
            let (owner, declaration) = pending[next]
            next += 1
            switch declaration {
            case .type(let type):
                let name = String(type.name.split(separator: ".").last ?? Substring(type.name))
                if type.kind == .class, case .named(let path, _)? = type.inheritance.first, let base = path.last {
                    let isRealmBase = path.count == 1 || (path.count == 2 && path.first == "RealmSwift")
                    if realmVisible, isRealmBase, ["Object", "EmbeddedObject", "AsymmetricObject"].contains(base) {
                        modelClasses.insert(name)
                    } else if base.first?.isUppercase == true {
                        superclasses[name] = base
                    }
                }
                if realmVisible, type.kind != .extension {
                    let header = lexer.text(from: type.start, to: type.end).prefix { $0 != "{" }
                    let generics = Self.genericCollections(inHeader: Lexer.tokenize(String(header)).tokens)
                    if !generics.isEmpty { genericCollections[name] = generics }
                }
                pending += type.members.map { (name, $0) }
            case .conditional(let block):
                for clause in block.clauses { pending += clause.declarations.map { (owner, $0) } }
            case .variable(let variable):
                var symbol = DeclaredSymbol(variable, realmVisible: realmVisible)
                // `let tags: Tags` in `struct Request<Tags: RealmCollection>`: a Realm collection.
                if let owner, let type = variable.type, case .named(let path, let arguments) = type,
                    path.count == 1, arguments.isEmpty, let collection = genericCollections[owner]?[path[0]]
                {
                    symbol.value = collection
                }
                add(symbol, named: variable.name, owner: owner)
            case .function(let function) where function.keyword == "func":
                // By its base name (overloads merged) and by its full name (`rename(file:newName:)`).
                let base = String(function.name.prefix { $0 != "(" })
                let symbol = DeclaredSymbol(function, realmVisible: realmVisible)
                add(symbol, named: base, owner: owner)
                if function.name != base { add(symbol, named: function.name, owner: owner) }
            case .other(keyword: "typealias", name: let name?, line: _, let start, let end):
                let alias = Self.aliasedType(lexer.text(from: start, to: end), realmVisible: realmVisible)
                add(DeclaredSymbol(alias: alias), named: name, owner: owner)
            default:
                break
            }
        }
    }

    private mutating func add(_ symbol: DeclaredSymbol, named name: String, owner: String?) {
        guard !symbol.isEmpty else { return }
        if let owner {
            members[owner, default: [:]][name] = members[owner]?[name].map { $0.merged(with: symbol) } ?? symbol
        } else {
            globals[name] = globals[name].map { $0.merged(with: symbol) } ?? symbol
        }
    }

    /// The type (or result type) a type's text names: `Realm`, `Results<Dog>`, `() -> Realm` (a result).
    static func nameType(ofType text: String, realmVisible: Bool) -> NameType? {
        nameType(at: 0, TokenNavigator(tokens: Lexer.tokenize(text).tokens), realmVisible: realmVisible)
    }

    /// The type written from the token at `start`.
    static func nameType(at start: Int, _ navigator: TokenNavigator, realmVisible: Bool, depth: Int = 0) -> NameType? {
        guard navigator[start] != nil else { return nil }
        if depth < 4, let elements = tupleElements(at: start, navigator) {
            return NameType(
                kind: .other,
                tuple: elements.map { nameType(at: $0, navigator, realmVisible: realmVisible, depth: depth + 1) })
        }
        let kind = ReceiverKinds.kind(ofTypeAt: start, navigator, [])
        return NameType(
            kind: realmVisible || !kind.isRealmValue ? kind : .other,
            element: ReceiverKinds.element(ofTypeAt: start, navigator),
            typeName: ReceiverKinds.typeName(at: start, navigator))
    }

    /// For a tuple type at `start` (`(Note, Int)`, `(item: Note, count: Int)`), the first token of each element's
    /// type; `nil` for anything else (a function type `(Note) -> Void`, a type in parentheses).
    private static func tupleElements(at start: Int, _ navigator: TokenNavigator) -> [Int]? {
        guard navigator.isPunctuation(start, "("), let close = navigator.partner(of: start),
            !(navigator[close + 1].map { $0.isOperator("->") || ["async", "throws"].contains($0.text) } ?? false)
        else { return nil }
        var elements: [Int] = []
        for part in navigator.commaSeparatedParts(inside: start, close) {
            guard let element = part.first else { return nil }
            // `item: Note`: a label, then the type.
            let isLabelled = navigator[element]?.kind == .identifier && navigator.isPunctuation(element + 1, ":")
            elements.append(isLabelled ? element + 2 : element)
        }
        return elements.count > 1 ? elements : nil
    }

    /// The generic parameters a type's header (its tokens before `{`) constrains to a Realm collection, in its
    /// parameter list (`<Tags: RealmCollection>`, `<Tags: Results<Tag>>`) or its `where` clause
    /// (`where Tags: RealmCollection`), each with the element class a `Tags.Element == Tag` requirement (or the
    /// constraint's generic argument) names.
    static func genericCollections(inHeader tokens: [Token]) -> [String: NameType] {
        let navigator = TokenNavigator(tokens: tokens)
        // The parameter list: the first `<` before any `:` or `where`.
        guard
            let open = tokens.firstIndex(where: {
                $0.isOperator("<") || $0.isPunctuation(":") || $0.isIdentifier("where")
            }), tokens[open].isOperator("<")
        else { return [:] }
        var requirements: [Range<Int>] = []
        var angles = 0
        var start = open + 1
        var index = open
        var close = tokens.count
        // Requirements between the angle brackets, separated by commas outside nested generic arguments.
        while index < tokens.count {
            let token = tokens[index]
            if token.kind == .operator, token.text != "->" {
                angles += token.text.count { $0 == "<" } - token.text.count { $0 == ">" }
            }
            if angles <= 0 || (angles == 1 && token.isPunctuation(",")) {
                if index > start { requirements.append(start..<index) }
                start = index + 1
                if angles <= 0 {
                    close = index
                    break
                }
            }
            index += 1
        }
        // The `where` clause.
        if let keyword = tokens[min(close, tokens.count)...].firstIndex(where: { $0.isIdentifier("where") }) {
            angles = 0
            start = keyword + 1
            for index in (keyword + 1)...tokens.count {
                if index < tokens.count, tokens[index].kind == .operator, tokens[index].text != "->" {
                    angles += tokens[index].text.count { $0 == "<" } - tokens[index].text.count { $0 == ">" }
                }
                if index == tokens.count || (angles <= 0 && tokens[index].isPunctuation(",")) {
                    if index > start { requirements.append(start..<index) }
                    start = index + 1
                }
            }
        }
        var collections: [String: NameType] = [:]
        var elements: [String: String] = [:]
        for requirement in requirements {
            guard let first = navigator[requirement.lowerBound], first.kind == .identifier else { continue }
            let name = first.text
            let next = requirement.lowerBound + 1
            if navigator.isPunctuation(next, ":") {
                // `Tags: RealmCollection & Sendable`: any component.
                var component = next + 1
                while component < requirement.upperBound {
                    if ReceiverKinds.kind(ofTypeAt: component, navigator, []) == .realmCollection {
                        collections[name] = NameType(
                            kind: .realmCollection, element: ReceiverKinds.element(ofTypeAt: component, navigator))
                    }
                    guard
                        let amp = (component..<requirement.upperBound).first(where: {
                            navigator[$0]?.isOperator("&") == true
                        })
                    else { break }
                    component = amp + 1
                }
            } else if navigator.isPunctuation(next, "."), navigator.isIdentifier(next + 1, "Element"),
                navigator[next + 2]?.isOperator("==") == true, let element = navigator[next + 3],
                element.kind == .identifier, next + 4 == requirement.upperBound
            {
                elements[name] = element.text
            }
        }
        for (name, element) in elements where collections[name] != nil && collections[name]?.element == nil {
            collections[name]?.element = element
        }
        return collections
    }

    /// The type a typealias declaration's text names: `Results<Note>` in `typealias Answer = Results<Note>`.
    private static func aliasedType(_ text: String, realmVisible: Bool) -> NameType? {
        let navigator = TokenNavigator(tokens: Lexer.tokenize(text).tokens)
        guard let keyword = navigator.tokens.firstIndex(where: { $0.isIdentifier("typealias") }) else { return nil }
        var index = keyword + 2
        // `typealias Pair<T> = …`: the alias's own generic parameters.
        if navigator[index]?.isOperator("<") == true {
            while let token = navigator[index], !token.isOperator(">"), index - keyword < 64 { index += 1 }
            index += 1
        }
        guard navigator[index]?.isOperator("=") == true else { return nil }
        return nameType(at: index + 1, navigator, realmVisible: realmVisible)
    }
}

extension DeclaredSymbol {
    /// A variable's value from its type or initializer; a closure type's result as the result of calling it.
    fileprivate init(_ variable: VariableDeclaration, realmVisible: Bool) {
        if let type = variable.type {
            let text = type.description
            if let arrow = Self.resultArrow(in: text) {
                self.init(
                    value: NameType(kind: .other),
                    result: FileSymbols.nameType(
                        ofType: String(text[arrow...].dropFirst(2)), realmVisible: realmVisible))
            } else {
                self.init(value: FileSymbols.nameType(ofType: text, realmVisible: realmVisible), result: nil)
            }
            return
        }
        guard let initializer = variable.initializer, !initializer.isEmpty else {
            self.init(value: nil, result: nil)
            return
        }
        let navigator = TokenNavigator(tokens: initializer)
        var kind = ReceiverKinds.kind(ofExpressionAt: 0, navigator)
        if !realmVisible && kind.isRealmValue { kind = .other }
        let typeName = ReceiverKinds.initialisedType(at: 0, navigator)
        self.init(
            value: kind == .unknown && typeName == nil ? nil : NameType(kind: kind, typeName: typeName), result: nil)
    }

    /// Where the result arrow of a function type is: the last `->` outside brackets.
    private static func resultArrow(in text: String) -> String.Index? {
        var depth = 0
        var found: String.Index?
        var index = text.startIndex
        while index < text.endIndex {
            switch text[index] {
            case "(", "[", "<": depth += 1
            case ")", "]": depth -= 1
            case ">" where index > text.startIndex && text[text.index(before: index)] != "-": depth -= 1
            case "-" where depth == 0 && text[index...].hasPrefix("->"): found = index
            default: break
            }
            index = text.index(after: index)
        }
        return found
    }
}

/// The names a module's files declare, for the files of the module: the members of each type (its extensions in
/// any file of the module included), superclasses, globals and model classes. A module's own declarations shadow
/// those of the modules it imports; two declarations of one name in one of them that disagree say `other`.
struct ModuleSymbols: Sendable {
    private(set) var members: [String: [String: DeclaredSymbol]] = [:]
    private(set) var superclasses: [String: String] = [:]
    private(set) var globals: [String: DeclaredSymbol] = [:]
    private(set) var modelClasses: Set<String> = []

    /// The symbols of `own` files, shadowing those of `imported` ones.
    init(own: [FileSymbols], imported: [FileSymbols]) {
        let importedSymbols = Self.merging(imported)
        let ownSymbols = Self.merging(own)
        members = importedSymbols.members.merging(ownSymbols.members) { $0.merging($1) { _, own in own } }
        superclasses = importedSymbols.superclasses.merging(ownSymbols.superclasses) { _, own in own }
        globals = importedSymbols.globals.merging(ownSymbols.globals) { _, own in own }
        modelClasses = importedSymbols.modelClasses.union(ownSymbols.modelClasses)
    }

    private init() {}

    private static func merging(_ files: [FileSymbols]) -> ModuleSymbols {
        var result = ModuleSymbols()
        for file in files {
            for (type, members) in file.members {
                result.members[type, default: [:]].merge(members) { $0.merged(with: $1) }
            }
            result.superclasses.merge(file.superclasses) { first, _ in first }
            result.globals.merge(file.globals) { $0.merged(with: $1) }
            result.modelClasses.formUnion(file.modelClasses)
        }
        return result
    }

    /// The member `name` of `type` or of its superclasses (at most 32 up).
    func member(_ name: String, ofType type: String) -> DeclaredSymbol? {
        var current: String? = type
        var seen = 0
        while let owner = current, seen < 32 {
            if let found = members[owner]?[name] { return found }
            current = superclasses[owner]
            seen += 1
        }
        return nil
    }
}

extension ReceiverKind {
    /// Whether the kind is one of Realm's own types (so only a file that sees Realm can declare it).
    var isRealmValue: Bool {
        switch self {
        case .realm, .realmCollection, .configuration, .realmApp, .syncUser, .migration, .notificationToken: true
        default: false
        }
    }
}
