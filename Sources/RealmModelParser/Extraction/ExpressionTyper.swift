import SwiftSourceSyntax

/// The type of an initializer expression, followed through what the input declares: static and global constants
/// (`Constants.messageQuantityLimit`), enum cases and their `rawValue` (`SubscriptionType.channel.rawValue`),
/// members of global instances and closure-typed members (`Current.date()` with `var Current = Environment()` and
/// `var date: () -> Date`), initializers (`Date()`), and the Foundation members apps use in defaults
/// (`Date().timeIntervalSince1970`, `UUID().uuidString`).
///
/// It never guesses: an expression it cannot follow has no type (`nil`), and the property is then reported as not
/// converted, never given a type it might not have. Types it returns name the input's types by their qualified
/// names, so they resolve the same from any scope.
struct ExpressionTyper {
    let models: ModelExtractor
    /// The qualified name of the type whose member the expression initializes (`nil` at top level).
    let scope: String?
    /// How many declarations deep the typing has followed (a constant defined through itself ends here).
    var depth = 0
    private static let depthLimit = 32

    /// What a prefix of the expression denotes.
    private enum Denoted {
        /// A type named in the expression (`Date` in `Date()`, `SubscriptionType` in `SubscriptionType.channel`);
        /// `declared` when the input declares it.
        case type(TypeSyntax, declared: DeclaredType?)
        /// A value of a type.
        case value(TypeSyntax)
        /// A function or method not yet called, with its result type.
        case function(result: TypeSyntax)
        /// A static member of a Foundation or Realm value type that is, or makes, a value of it (`Date.distantPast`,
        /// `ObjectId.generate`).
        case factory(TypeSyntax)
    }

    /// Foundation, Realm and standard-library value types whose static members are, or make, values of the type
    /// (`Date.now`, `ObjectId.generate()`, `Int.max`, `Double.random(in:)`, `Bool.random()`).
    private static let factoryTypes: Set<String> = [
        "Date", "NSDate", "ObjectId", "UUID", "Decimal128", "Data", "Int", "Int8", "Int16", "Int32", "Int64", "Double",
        "Float", "Bool",
    ]

    /// Result types of Foundation instance members used in defaults, by the type's name; a name ending in `()` is
    /// a method.
    private static let foundationMembers: [String: [String: String]] = [
        "Date": [
            "timeIntervalSince1970": "Double", "timeIntervalSinceReferenceDate": "Double",
            "timeIntervalSinceNow": "Double", "timeIntervalSince()": "Double", "addingTimeInterval()": "Date",
            "advanced()": "Date", "description": "String", "formatted()": "String", "ISO8601Format()": "String",
        ],
        "UUID": ["uuidString": "String", "description": "String"],
        "ObjectId": ["stringValue": "String", "description": "String"],
        "String": [
            "count": "Int", "isEmpty": "Bool", "description": "String", "lowercased()": "String",
            "uppercased()": "String", "capitalized": "String", "trimmingCharacters()": "String",
        ],
        "Data": ["count": "Int", "isEmpty": "Bool", "base64EncodedString()": "String"],
        "Int": ["description": "String", "formatted()": "String"],
        "Double": ["description": "String", "formatted()": "String"],
        "Float": ["description": "String", "formatted()": "String"],
        "Decimal": ["description": "String", "formatted()": "String"],
        "Bool": ["description": "String"],
    ]

    /// Whether `name` is `description` or `debugDescription`, a `String` on every type that has it
    /// (`CustomStringConvertible`, `CustomDebugStringConvertible`).
    private static func isDescription(_ name: String) -> Bool {
        name == "description" || name == "debugDescription"
    }

    /// Foundation names spelled the old way, read as today's.
    private static let foundationSpellings: [String: String] = [
        "NSDate": "Date", "NSUUID": "UUID", "NSString": "String", "NSData": "Data",
    ]

    /// A typer for a sub-expression (parenthesized, an operand), one level deeper: input nested without bound ends
    /// at the depth limit instead of recursing on.
    var nested: ExpressionTyper { ExpressionTyper(models: models, scope: scope, depth: depth + 1) }

    /// The type `tokens` evaluate to, or `nil` when the input does not tell it.
    func type(of tokens: ArraySlice<Token>) -> TypeSyntax? {
        guard depth < Self.depthLimit, !tokens.isEmpty else { return nil }
        if let operators = OperatorExpression(tokens) { return type(of: operators) }
        return postfixType(of: tokens)
    }

    /// The type of an expression without binary operators: a primary and its calls, members and `?`/`!`.
    private func postfixType(of tokens: ArraySlice<Token>) -> TypeSyntax? {
        guard !tokens.isEmpty else { return nil }
        var index = tokens.startIndex
        guard var denoted = primary(tokens, &index) else { return nil }
        var isChained = false
        while index < tokens.endIndex {
            let token = tokens[index]
            if token.isPunctuation("(") {
                guard let close = Self.closingParenthesis(in: tokens, from: index), let called = call(denoted) else {
                    return nil
                }
                denoted = called
                index = close + 1
            } else if token.isPunctuation("."), index + 1 < tokens.endIndex, tokens[index + 1].kind == .identifier {
                guard let next = member(tokens[index + 1].text, of: denoted) else { return nil }
                denoted = next
                index += 2
            } else if token.isOperator("?"), case .value = denoted {
                isChained = true
                index += 1
            } else if token.isOperator("!"), case .value(let type) = denoted {
                denoted = .value(Self.unwrapped(type))
                index += 1
            } else {
                return nil
            }
        }
        let result: TypeSyntax
        switch denoted {
        case .value(let type), .factory(let type): result = type
        case .type, .function: return nil
        }
        if isChained, case .optional = result { return result }
        return isChained ? .optional(result) : result
    }

    // MARK: - Parts of the expression

    private func primary(_ tokens: ArraySlice<Token>, _ index: inout Int) -> Denoted? {
        let token = tokens[index]
        switch token.kind {
        case .stringLiteral:
            index += 1
            return .value(Self.named("String"))
        case .integerLiteral:
            index += 1
            return .value(Self.named("Int"))
        case .floatLiteral:
            index += 1
            return .value(Self.named("Double"))
        case .identifier:
            break
        case .punctuation where token.text == "(":
            // `(Limits.ratio * 3)`: a parenthesized expression (not a tuple).
            guard let close = Self.closingParenthesis(in: tokens, from: index),
                !Self.hasTopLevelComma(tokens[(index + 1)..<close]),
                let inner = nested.type(of: tokens[(index + 1)..<close])
            else { return nil }
            index = close + 1
            return .value(inner)
        default:
            return nil
        }
        if token.text == "true" || token.text == "false" {
            index += 1
            return .value(Self.named("Bool"))
        }
        // `Set<String>()`, `RealmProperty<Int?>()`: a generic type.
        if index + 1 < tokens.endIndex, tokens[index + 1].isOperator("<") {
            var parser = TypeParser(tokens: tokens[index...])
            guard let type = parser.parseType() else { return nil }
            index = parser.index
            return .type(type, declared: nil)
        }
        index += 1
        let name = token.text
        if name == "Self", let scope, let declared = models.lookup([scope], from: nil) {
            return .type(Self.path(of: declared), declared: declared)
        }
        if let declared = models.lookup([name], from: scope) {
            return .type(Self.path(of: declared), declared: declared)
        }
        if let constant = constant(named: name) { return constant.map(Denoted.value) }
        guard name.first?.isUppercase == true else { return nil }
        return .type(Self.named(Self.foundationSpellings[name] ?? name), declared: nil)
    }

    /// A static constant of an enclosing type or a global one, typed; `.some(nil)` when it exists but its type
    /// cannot be told.
    private func constant(named name: String) -> TypeSyntax?? {
        var current = scope
        while let candidate = current {
            if let found = models.constants["\(candidate).\(name)"] { return .some(type(of: found)) }
            current = candidate.split(separator: ".").dropLast().joined(separator: ".").nilIfEmpty
        }
        if let found = models.constants[name] { return .some(type(of: found)) }
        return nil
    }

    private func member(_ name: String, of denoted: Denoted) -> Denoted? {
        switch denoted {
        case .type(let type, let declared?):
            if let nested = models.lookup([declared.qualifiedName, name], from: nil) {
                return .type(Self.path(of: nested), declared: nested)
            }
            if declared.declaration.kind == .enum, let hasValues = enumCase(name, in: declared) {
                return hasValues ? .function(result: type) : .value(type)
            }
            if name == "init" { return .function(result: type) }
            return declaredMember(name, of: declared, isStatic: true)
        case .type(let type, declared: nil):
            // `Tier.basic` with `Tier` not in the input could be a case or a constant of any type: not guessed.
            guard let base = type.baseName else { return nil }
            // A static member the app adds in an extension (`extension Int { static let pageSize = 20 }`) has the
            // type it declares, whatever the extended type.
            if let added = models.constants["\(base).\(name)"] { return self.type(of: added).map(Denoted.value) }
            guard Self.factoryTypes.contains(base) else { return nil }
            return .factory(Self.named(Self.foundationSpellings[base] ?? base))
        case .value(let type):
            // Members every value type an initializer can make has (`UUID().hashValue`).
            if name == "hashValue" { return .value(Self.named("Int")) }
            let unwrapped = Self.unwrapped(type)
            guard case .named(let path, let arguments) = unwrapped, arguments.isEmpty else { return nil }
            if let declared = models.lookup(path, from: nil) {
                if declared.declaration.kind == .enum, name == "rawValue" {
                    return rawType(of: declared).map(Denoted.value)
                }
                // `description` a type does not declare itself is `CustomStringConvertible`'s (a `String`).
                return declaredMember(name, of: declared, isStatic: false)
                    ?? (Self.isDescription(name) ? .value(Self.named("String")) : nil)
            }
            let base = path.last ?? ""
            let members = Self.foundationMembers[Self.foundationSpellings[base] ?? base] ?? [:]
            if let result = members[name] { return .value(Self.named(result)) }
            if let result = members["\(name)()"] { return .function(result: Self.named(result)) }
            return Self.isDescription(name) ? .value(Self.named("String")) : nil
        case .factory(let type):
            // `Date.now.formatted()`, `Date.distantPast.timeIntervalSince1970`: a static value's members.
            return member(name, of: .value(type))
        case .function:
            return nil
        }
    }

    private func call(_ denoted: Denoted) -> Denoted? {
        switch denoted {
        case .type(let type, _): .value(type)
        case .function(let result): .value(result)
        case .factory(let type): .value(type)
        case .value(let type): Self.closureResult(type).map(Denoted.value)
        }
    }

    // MARK: - What the input declares

    /// A stored or computed variable, or a method, of `declared` (or an extension of it) named `name`.
    private func declaredMember(_ name: String, of declared: DeclaredType, isStatic: Bool) -> Denoted? {
        for (entry, owner) in models.members(of: declared) {
            switch entry.declaration {
            case .variable(let variable) where variable.name == name:
                let memberIsStatic = variable.modifiers.contains("static") || variable.modifiers.contains("class")
                guard memberIsStatic == isStatic else { continue }
                let nested = ExpressionTyper(models: models, scope: declared.qualifiedName, depth: depth + 1)
                let type =
                    variable.type.map { qualified($0, from: owner.qualifiedName) }
                    ?? variable.initializer.flatMap { nested.type(of: $0[...]) }
                return type.map(Denoted.value)
            case .function(let function) where function.keyword == "func" && function.name.hasPrefix("\(name)("):
                let memberIsStatic = function.modifiers.contains("static") || function.modifiers.contains("class")
                guard memberIsStatic == isStatic, let written = function.resultType,
                    let result = Self.parseType(written)
                else { continue }
                if result == Self.named("Self") { return .function(result: Self.path(of: declared)) }
                return .function(result: qualified(result, from: owner.qualifiedName))
            default:
                continue
            }
        }
        return nil
    }

    /// Whether `declared` has the case `name`: `true` when it takes associated values, `nil` when there is none.
    private func enumCase(_ name: String, in declared: DeclaredType) -> Bool? {
        for (entry, _) in models.members(of: declared) {
            guard case .enumCase(let declaration) = entry.declaration else { continue }
            if let element = declaration.elements.first(where: { $0.name == name }) {
                return element.hasAssociatedValues
            }
        }
        return nil
    }

    private func rawType(of declared: DeclaredType) -> TypeSyntax? {
        guard let first = declared.declaration.inheritance.first?.baseName,
            TypeResolver.rawValueTypes[first] != nil
        else { return nil }
        return Self.named(first)
    }

    private func type(of constant: DeclaredConstant) -> TypeSyntax? {
        if let written = constant.type { return qualified(written, from: constant.owner) }
        let nested = ExpressionTyper(models: models, scope: constant.owner, depth: depth + 1)
        return nested.type(of: constant.value[...])
    }

    /// `type` with the input's types named by their qualified names as seen from `scope`.
    private func qualified(_ type: TypeSyntax, from scope: String?) -> TypeSyntax {
        switch type {
        case .named(let path, let arguments):
            let arguments = arguments.map { qualified($0, from: scope) }
            guard let declared = models.lookup(path, from: scope) else {
                return .named(path: path, arguments: arguments)
            }
            return .named(path: declared.qualifiedName.split(separator: ".").map(String.init), arguments: arguments)
        case .optional(let wrapped): return .optional(qualified(wrapped, from: scope))
        case .array(let element): return .array(qualified(element, from: scope))
        case .dictionary(let key, let value):
            return .dictionary(key: qualified(key, from: scope), value: qualified(value, from: scope))
        case .other: return type
        }
    }

    // MARK: - Helpers

    private static func named(_ name: String) -> TypeSyntax { .named(path: [name], arguments: []) }

    private static func path(of declared: DeclaredType) -> TypeSyntax {
        .named(path: declared.qualifiedName.split(separator: ".").map(String.init), arguments: [])
    }

    private static func unwrapped(_ type: TypeSyntax) -> TypeSyntax {
        if case .optional(let wrapped) = type { return wrapped }
        return type
    }

    private static func parseType(_ text: String) -> TypeSyntax? {
        let tokens = Lexer.tokenize(text).tokens
        var parser = TypeParser(tokens: tokens[...])
        guard let type = parser.parseType(), parser.index == tokens.count else { return nil }
        return type
    }

    /// The result type of a function type written as text (`() -> Date` → `Date`); `nil` for other types.
    private static func closureResult(_ type: TypeSyntax) -> TypeSyntax? {
        guard case .other(let text) = type else { return nil }
        let tokens = Lexer.tokenize(text).tokens
        var depth = 0
        for (index, token) in tokens.enumerated() {
            if token.isPunctuation("(") { depth += 1 }
            if token.isPunctuation(")") { depth -= 1 }
            guard depth == 0, token.isOperator("->") else { continue }
            var parser = TypeParser(tokens: tokens[(index + 1)...])
            guard let result = parser.parseType(), parser.index == tokens.count else { return nil }
            return result
        }
        return nil
    }

    /// Whether `tokens` hold a `,` outside brackets (a tuple or an argument list, not one expression).
    private static func hasTopLevelComma(_ tokens: ArraySlice<Token>) -> Bool {
        var depth = 0
        for token in tokens {
            depth += token.bracketDepthChange
            if depth == 0, token.isPunctuation(",") { return true }
        }
        return false
    }

    /// The index of the `)` that closes the `(` at `open`, or `nil` when it is never closed.
    static func closingParenthesis(in tokens: ArraySlice<Token>, from open: Int) -> Int? {
        var depth = 0
        var index = open
        while index < tokens.endIndex {
            let token = tokens[index]
            if token.isPunctuation("(") || token.isPunctuation("[") || token.isPunctuation("{") { depth += 1 }
            if token.isPunctuation(")") || token.isPunctuation("]") || token.isPunctuation("}") {
                depth -= 1
                if depth == 0 { return token.isPunctuation(")") ? index : nil }
            }
            index += 1
        }
        return nil
    }
}
