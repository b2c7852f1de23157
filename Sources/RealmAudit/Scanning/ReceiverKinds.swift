import SwiftSourceSyntax

/// What a call's receiver is, as far as one file tells.
enum ReceiverKind: Sendable, Equatable {
    /// A `Realm`.
    case realm
    /// `Results`, `List`, `LinkingObjects`, `MutableSet`, `Map`, `AnyRealmCollection`, `SectionedResults`.
    case realmCollection
    /// An instance of a model class of the file.
    case modelObject
    /// `Realm.Configuration` (or a sync configuration).
    case configuration
    /// A Device Sync `App`.
    case realmApp
    /// A Device Sync `User`.
    case syncUser
    /// The `Migration` of a migration block.
    case migration
    /// A `DispatchQueue`.
    case dispatchQueue
    /// A `NotificationToken` (or the Objective-C `RLMNotificationToken`).
    case notificationToken
    /// An `NSPredicate` (or `NSCompoundPredicate`): what a Realm `filter(_:)` takes, never a Swift one.
    case predicate
    /// A Swift array, set or dictionary.
    case swiftCollection
    /// Something else the file declares.
    case other
    /// Nothing in the file says.
    case unknown
}

/// A receiver's kind and, when it was guessed rather than seen, how.
struct Receiver: Sendable, Equatable {
    var kind: ReceiverKind
    /// `nil` when a declaration (or the call itself) shows the kind.
    var inference: String?
    /// The element class of a collection, when its declaration or query shows it (`Dog` for `Results<Dog>`).
    var element: String?

    var isRealm: Bool { kind == .realm }
}

/// The kinds of the names a file declares (`let realm = try Realm()`, `var dogs: Results<Dog>`, parameters),
/// read from tokens, each in its scope: a parameter in its function's body, a variable in the braces that hold it
/// (a type's members in the type), so a parameter `config: Config` in one function does not hide a stored
/// `config: Realm.Configuration` elsewhere. A name declared twice with different kinds in one scope is `other`.
/// Names the file does not declare are looked up in its module's symbols: the members of the types it is inside
/// (declared in another file, an extension or a superclass), then the module's globals.
struct ReceiverKinds {
    /// One declaration of a name: its scope (byte offsets) and what it says.
    private struct Declared {
        var scope: Range<Int>
        var type: NameType
    }

    /// Each name's declarations, by the start of their scope.
    private var declarations: [String: [Declared]] = [:]
    /// Locals whose initializer says nothing by itself: their scope and the last token of the initializer.
    private var untyped: [String: [(scope: Range<Int>, end: Int)]] = [:]
    /// Closure parameters written without a type (`{ session in`, `{ (a, b) in`): the closure's braces (byte
    /// offsets), the index of its `{` and the parameter's position.
    private var closureParameters: [String: [(scope: Range<Int>, brace: Int, position: Int)]] = [:]
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
            let name = tokens[index].text
            guard let next = navigator[index + 1] else { continue }
            var type: NameType?
            if next.isPunctuation(":"), navigator[index - 1].map(Self.canPrecedeDeclaredName) == true {
                type = NameType(
                    kind: Self.kind(ofTypeAt: index + 2, navigator, modelClasses),
                    element: Self.element(ofTypeAt: index + 2, navigator),
                    typeName: Self.typeName(at: index + 2, navigator))
            } else if next.isOperator("="),
                navigator[index - 1].map({ $0.isIdentifier("let") || $0.isIdentifier("var") })
                    == true
            {
                type = NameType(
                    kind: Self.kind(ofExpressionAt: index + 2, navigator),
                    element: Self.queriedClass(ofExpressionAt: index + 2, navigator)
                        ?? Self.arrayElement(at: index + 2, navigator),
                    typeName: Self.initialisedType(at: index + 2, navigator))
            }
            let isLocal =
                next.isOperator("=")
                && (navigator.isIdentifier(index - 1, "let") || navigator.isIdentifier(index - 1, "var"))
            guard var type, type.kind != .unknown else {
                // `let file = try await manager.rename(…)`: typed later by the module's declarations, if at all.
                if module != nil, isLocal, let end = Self.initializerEnd(from: index + 2, navigator) {
                    untyped[name, default: []].append(
                        (Self.scope(ofDeclarationAt: index, navigator, enclosing), end))
                }
                continue
            }
            if !realmVisible && type.kind.isRealmValue {
                // Without Realm's names, `let done = store.realm.objects(Note.self)` is Realm's only when the chain
                // starts at a Realm value: the scanner types it from its initializer, else it is `other`.
                if module != nil, isLocal, let end = Self.initializerEnd(from: index + 2, navigator) {
                    untyped[name, default: []].append(
                        (Self.scope(ofDeclarationAt: index, navigator, enclosing), end))
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
    private func scopedDeclaration(_ name: String, at offset: Int, viaSelf: Bool) -> Declared? {
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
    private func resolvingModels(_ type: NameType) -> NameType {
        guard type.kind == .other, let name = type.typeName, module?.modelClasses.contains(name) == true else {
            return type
        }
        var resolved = type
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
                trailing: closures.trailing.map { $0.map { $0.map(resolvingModels) } })
        }
        return resolved
    }

    private static func lastComponent(_ name: String) -> String {
        String(name.split(separator: ".").last ?? Substring(name))
    }

    /// For a name no declaration types at byte `offset` but a local initialised there by an expression the file
    /// cannot type alone (a call into the module): the index of that initializer's last token.
    func untypedInitializerEnd(of name: String, at offset: Int) -> Int? {
        guard
            let local = untyped[name]?.filter({ $0.scope.contains(offset) })
                .max(by: { $0.scope.lowerBound < $1.scope.lowerBound })
        else { return nil }
        // A typed declaration in a scope inside the local's hides it.
        if let typed = scopedDeclaration(name, at: offset, viaSelf: false),
            typed.scope.lowerBound > local.scope.lowerBound
        {
            return nil
        }
        return local.end
    }

    /// The last token of the initializer expression starting at `start`, when it ends the line, a `,` or `else`
    /// (`if let x = a.b(), …`, `guard let x = f() else`) or a `{` that opens a body: a member chain or a call.
    private static func initializerEnd(from start: Int, _ navigator: TokenNavigator) -> Int? {
        var cursor = start
        while let opening = navigator[cursor], cursor - start < 200 {
            if opening.isPunctuation("{") { return nil }
            // A bracketed run (`(…)`, `[…]`) is passed whole: the token that may end the expression is its closer.
            if let partner = navigator.partner(of: cursor), partner > cursor { cursor = partner }
            guard let token = navigator[cursor] else { return nil }
            let next = navigator[cursor + 1]
            let ends =
                next == nil || next?.startsLine == true || next?.isPunctuation(",") == true
                || next?.isIdentifier("else") == true || next?.isPunctuation("{") == true
                || next?.isPunctuation(";") == true
            if ends {
                let isChainEnd =
                    token.kind == .identifier || token.isPunctuation(")") || token.isOperator("?")
                    || token.isOperator("!")
                return isChainEnd ? cursor : nil
            }
            cursor += 1
        }
        return nil
    }

    /// The closure whose parameter written without a type is the name `name` used at byte `offset` (the innermost
    /// such closure holding it): the index of its `{` and the parameter's position. `nil` when a declaration inside
    /// that closure hides the parameter.
    func closureParameter(_ name: String, at offset: Int) -> (brace: Int, position: Int)? {
        guard
            let parameter = closureParameters[name]?.filter({ $0.scope.contains(offset) })
                .max(by: { $0.scope.lowerBound < $1.scope.lowerBound })
        else { return nil }
        if let declared = scopedDeclaration(name, at: offset, viaSelf: false),
            declared.scope.lowerBound > parameter.scope.lowerBound
        {
            return nil
        }
        if untyped[name]?.contains(where: {
            $0.scope.contains(offset) && $0.scope.lowerBound > parameter.scope.lowerBound
        }) == true {
            return nil
        }
        return (parameter.brace, parameter.position)
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

    /// For each token, the index of the innermost bracket (`(`, `[`, `{`) holding it, `-1` at top level.
    private static func enclosingBrackets(_ navigator: TokenNavigator) -> [Int] {
        var result = [Int](repeating: -1, count: navigator.tokens.count)
        var open: [Int] = []
        for (index, token) in navigator.tokens.enumerated() {
            while let last = open.last, let close = navigator.partner(of: last), close < index { open.removeLast() }
            result[index] = open.last ?? -1
            if token.kind == .punctuation, ["(", "[", "{"].contains(token.text), navigator.partner(of: index) != nil {
                open.append(index)
            }
        }
        return result
    }

    /// Where the declaration of the name at `index` is visible: a parameter in the body after its parameter list,
    /// anything else in the braces that hold it, or the whole file.
    private static func scope(ofDeclarationAt index: Int, _ navigator: TokenNavigator, _ enclosing: [Int]) -> Range<Int>
    {
        var bracket = enclosing[index]
        if bracket >= 0, navigator.isPunctuation(bracket, "("), let close = navigator.partner(of: bracket) {
            // `func f(config: Config) throws -> T {`: the body follows the parameter list.
            var cursor = close + 1
            while let token = navigator[cursor], cursor - close < 64 {
                if token.isPunctuation("{"), let end = navigator.partner(of: cursor) {
                    return token.start..<(navigator[end]?.end ?? Int.max)
                }
                if token.isPunctuation("}") || token.isPunctuation(";") || token.isOperator("=") { break }
                if let partner = navigator.partner(of: cursor), partner > cursor { cursor = partner }
                cursor += 1
            }
        }
        while bracket >= 0, !navigator.isPunctuation(bracket, "{") { bracket = enclosing[bracket] }
        guard bracket >= 0, let open = navigator[bracket], let close = navigator.partner(of: bracket) else {
            return 0..<Int.max
        }
        return open.start..<(navigator[close]?.end ?? Int.max)
    }

    /// The (last component of the) type name at `start`, when it is one (`Item`, `RealmSwift.List`, `Item?`).
    static func typeName(at start: Int, _ navigator: TokenNavigator) -> String? {
        var index = start
        while navigator.isPunctuation(index, "@") { index += 2 }
        guard let first = navigator[index], first.kind == .identifier, first.text.first?.isUppercase == true else {
            return nil
        }
        var name = first.text
        while navigator.isPunctuation(index + 1, "."), let next = navigator[index + 2], next.kind == .identifier {
            name = next.text
            index += 2
        }
        return name
    }

    /// The element of the collection type at `start`: `Dog` for `Results<Dog>`, `Token` for `[Token]`.
    static func element(ofTypeAt start: Int, _ navigator: TokenNavigator) -> String? {
        genericArgument(at: start, navigator) ?? arrayElement(at: start, navigator)
    }

    /// The type an initializer makes or reads a static member of: `Env` for `Env()`, `try Env(…)`, `Env.shared`.
    static func initialisedType(at start: Int, _ navigator: TokenNavigator) -> String? {
        var index = start
        while let token = navigator[index],
            token.isIdentifier("try") || token.isIdentifier("await")
                || token.isOperator("?") || token.isOperator("!")
        {
            index += 1
        }
        guard let first = navigator[index], first.kind == .identifier, first.text.first?.isUppercase == true,
            navigator.isCallParenthesis(index + 1)
                || (navigator.isPunctuation(index + 1, ".") && navigator.isIdentifier(index + 2, "shared"))
        else { return nil }
        return first.text
    }

    /// Whether the call at `name` looks an object up by its type: Realm's `object(ofType:forPrimaryKey:)`, or an
    /// app's wrapper of it (`fetchObject(ofType:…)`).
    private static func isObjectLookup(at name: Int, _ navigator: TokenNavigator) -> Bool {
        guard let token = navigator[name], token.kind == .identifier, token.text.lowercased().hasSuffix("object"),
            navigator.isCallParenthesis(name + 1)
        else { return false }
        return navigator.labels(ofCallAt: name + 1).first == "ofType"
    }

    /// `X` in `[X]` (a type, or `[X]()`) at `start`.
    private static func arrayElement(at start: Int, _ navigator: TokenNavigator) -> String? {
        guard navigator.isPunctuation(start, "["), let element = navigator[start + 1], element.kind == .identifier,
            navigator.isPunctuation(start + 2, "]")
        else { return nil }
        return element.text
    }

    /// `X` in `Results<X>` (or `RealmSwift.Results<X>`) at `start`.
    private static func genericArgument(at start: Int, _ navigator: TokenNavigator) -> String? {
        var index = start
        if navigator.isIdentifier(index, "RealmSwift"), navigator.isPunctuation(index + 1, ".") { index += 2 }
        guard let name = navigator[index]?.text, collectionTypes.contains(name), name != "Map",
            navigator[index + 1]?.isOperator("<") == true, let element = navigator[index + 2],
            element.kind == .identifier, navigator[index + 3]?.isOperator(">") == true
        else { return nil }
        return element.text
    }

    /// `X` in an initializer that starts a query with `objects(X.self)` on its first line.
    private static func queriedClass(ofExpressionAt start: Int, _ navigator: TokenNavigator) -> String? {
        var cursor = start
        while let token = navigator[cursor], cursor - start < 200, cursor == start || !token.startsLine {
            if token.isPunctuation("."), navigator.isIdentifier(cursor + 1, "objects"),
                navigator.isCallParenthesis(cursor + 2), let type = navigator[cursor + 3], type.kind == .identifier,
                navigator.isPunctuation(cursor + 4, "."), navigator.isIdentifier(cursor + 5, "self")
            {
                return type.text
            }
            cursor += 1
        }
        return nil
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

    private static let collectionTypes: Set<String> = [
        "Results", "List", "LinkingObjects", "MutableSet", "Map", "AnyRealmCollection", "SectionedResults",
        "RealmCollection",
    ]

    static func kind(ofTypeAt start: Int, _ navigator: TokenNavigator, _ modelClasses: Set<String>) -> ReceiverKind {
        var index = start
        while navigator.isPunctuation(index, "@") { index += 2 }
        guard let first = navigator[index] else { return .unknown }
        if first.isPunctuation("[") { return .swiftCollection }
        guard first.kind == .identifier else { return .unknown }
        let isQualified = first.text == "RealmSwift" && navigator.isPunctuation(index + 1, ".")
        if isQualified { index += 2 }
        guard let name = navigator[index]?.text else { return .unknown }
        // `file: ProxyFile(…)`: a call's argument, not a type.
        if navigator.isCallParenthesis(index + 1) { return .unknown }
        switch name {
        case "App": return .realmApp
        case "User" where isQualified: return .syncUser
        case "Realm":
            return navigator.isPunctuation(index + 1, ".") && navigator.isIdentifier(index + 2, "Configuration")
                ? .configuration : .realm
        case "DispatchQueue": return .dispatchQueue
        case "NotificationToken", "RLMNotificationToken": return .notificationToken
        case "RLMRealm": return .realm
        case "RLMRealmConfiguration": return .configuration
        case "NSPredicate", "NSCompoundPredicate": return .predicate
        case "Migration": return .migration
        case "SyncConfiguration": return .configuration
        case "Array", "Set", "Dictionary", "ContiguousArray": return .swiftCollection
        default:
            if collectionTypes.contains(name) { return .realmCollection }
            if modelClasses.contains(name) { return .modelObject }
            // A value after a call label (`Realm(configuration: config)`) is not a type: only a capitalised name is.
            return name.first?.isUppercase == true ? .other : .unknown
        }
    }

    /// The kind of the value of the expression starting at `start` (an initializer).
    static func kind(ofExpressionAt start: Int, _ navigator: TokenNavigator) -> ReceiverKind {
        var index = start
        while let token = navigator[index],
            token.isIdentifier("try") || token.isIdentifier("await") || token.isOperator("?") || token.isOperator("!")
        {
            index += 1
        }
        guard let first = navigator[index] else { return .unknown }
        if first.isPunctuation("[") { return .swiftCollection }
        if first.isIdentifier("Realm") {
            if navigator.isCallParenthesis(index + 1) { return .realm }
            if navigator.isPunctuation(index + 1, "."), navigator.isIdentifier(index + 2, "Configuration") {
                return .configuration
            }
        }
        if first.isIdentifier("DispatchQueue") { return .dispatchQueue }
        if first.isIdentifier("RLMRealmConfiguration"), navigator.isCallParenthesis(index + 1) { return .configuration }
        if first.isIdentifier("NSPredicate") || first.isIdentifier("NSCompoundPredicate"),
            navigator.isCallParenthesis(index + 1)
        {
            return .predicate
        }
        if first.isIdentifier("App"), navigator.isCallParenthesis(index + 1) { return .realmApp }
        if collectionTypes.contains(first.text) { return .realmCollection }
        if Self.isObjectLookup(at: index, navigator) { return .modelObject }
        // A query chain on the same line: `realm.objects(Dog.self).sorted(…)`. It ends where the expression does:
        // at a `,` outside brackets (`if let realm = getRealm(), let dog = realm.objects(…)` types `dog`, not
        // `realm`) or at a bracket that closes one opened before it.
        var cursor = index
        var depth = 0
        while let token = navigator[cursor], cursor - index < 200, cursor == index || !token.startsLine {
            if token.kind == .punctuation {
                if ["(", "["].contains(token.text) { depth += 1 }
                if [")", "]"].contains(token.text) { depth -= 1 }
                if depth < 0 || (depth == 0 && token.text == ",") { break }
            }
            if token.isPunctuation("."), let member = navigator[cursor + 1] {
                switch member.text {
                case "objects", "where", "sorted", "distinct": return .realmCollection
                case _ where isObjectLookup(at: cursor + 1, navigator): return .modelObject
                case "login", "currentUser": return .syncUser
                case "flexibleSyncConfiguration", "configuration": return .configuration
                default: break
                }
            }
            if let partner = navigator.partner(of: cursor), partner > cursor, token.isPunctuation("{") { break }
            cursor += 1
        }
        return .unknown
    }
}
