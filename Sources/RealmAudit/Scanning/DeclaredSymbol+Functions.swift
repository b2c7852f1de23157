import SwiftSourceSyntax

/// What the closures a function takes are given: for each function-typed parameter, the types of its closure's
/// parameters (`[Session]` for `with action: (Session) throws -> Void`), by argument label, and those of the last
/// one, which a trailing closure passes.
struct ClosureParameters: Sendable, Equatable {
    var byLabel: [String: [NameType?]] = [:]
    var trailing: [NameType?]?
    /// Each overload's parameters, in order, to match a call's labels and trailing closures against.
    var signatures: [[ParameterShape]] = []

    /// One parameter of a function: its argument label, the types its closure is given when it is function-typed,
    /// and whether it has a default value.
    struct ParameterShape: Sendable, Equatable {
        var label: String
        var closure: [NameType?]?
        var hasDefault: Bool
    }

    /// What the closure at `target` among a call's trailing closures is given (`trailing`: their labels, `nil` for
    /// the first, unlabelled one), by the overloads that fit the call: the labels in its parentheses in order, any
    /// parameter they skip defaulted; the first trailing closure to the next function-typed parameter, each later
    /// one to the next parameter with its label; the parameters left over defaulted. `nil` when none fits; the
    /// fitting overloads' common part when several do.
    func trailingClosure(_ target: Int, parentheses: [String], trailing: [String?]) -> [NameType?]? {
        var found: [NameType?]?
        for signature in signatures {
            guard let types = Self.fit(signature, parentheses, trailing, target) else { continue }
            found = found.map { Self.merge($0, types) } ?? types
        }
        return found
    }

    private static func fit(
        _ parameters: [ParameterShape], _ parentheses: [String], _ trailing: [String?], _ target: Int
    ) -> [NameType?]? {
        var index = 0
        // Moves past the parameters up to the one `matches` accepts, all skipped ones defaulted.
        func advance(to matches: (ParameterShape) -> Bool) -> Int? {
            while index < parameters.count, !matches(parameters[index]) {
                guard parameters[index].hasDefault else { return nil }
                index += 1
            }
            guard index < parameters.count else { return nil }
            index += 1
            return index - 1
        }
        for label in parentheses {
            guard advance(to: { $0.label == label }) != nil else { return nil }
        }
        var result: [NameType?]?
        for (position, label) in trailing.enumerated() {
            guard
                let matched = advance(to: { shape in label.map { shape.label == $0 } ?? (shape.closure != nil) }),
                parameters[matched].closure != nil
            else { return nil }
            if position == target { result = parameters[matched].closure }
        }
        guard parameters[index...].allSatisfy(\.hasDefault) else { return nil }
        return result
    }

    /// Overloads agree parameter by parameter; a label whose closures take different counts says nothing.
    func merged(with other: ClosureParameters) -> ClosureParameters {
        var labels = byLabel
        for (label, parameters) in other.byLabel {
            guard let mine = labels[label] else {
                labels[label] = parameters
                continue
            }
            labels[label] = Self.merge(mine, parameters)
        }
        let trailing: [NameType?]? =
            switch (trailing, other.trailing) {
            case (let mine?, let theirs?): Self.merge(mine, theirs)
            case (let mine?, nil): mine
            case (nil, let theirs): theirs
            }
        return ClosureParameters(
            byLabel: labels.filter { !$0.value.isEmpty }, trailing: trailing,
            signatures: signatures + other.signatures.filter { !signatures.contains($0) })
    }

    static func merge(_ first: [NameType?], _ second: [NameType?]) -> [NameType?] {
        guard first.count == second.count else { return [] }
        return zip(first, second).map { mine, theirs in
            guard let mine, let theirs else { return nil }
            return mine.merged(with: theirs)
        }
    }
}

/// The argument whose type is a function's result, or holds its result as a member type: `query` in
/// `func run<R: Query>(query: R) -> R.Answer` (member `Answer`).
struct ArgumentResult: Sendable, Equatable {
    /// The parameter's argument label (`_` when it has none) and its position among the parameters.
    var label: String
    var position: Int
    /// The member type of the argument's type that is the result; `nil` when the result is the argument's type.
    var member: String?
}

extension DeclaredSymbol {
    /// A function's result, the closures it takes, and the argument its result comes from.
    init(_ function: FunctionDeclaration, realmVisible: Bool) {
        let result = function.resultType.flatMap { FileSymbols.nameType(ofType: $0, realmVisible: realmVisible) }
        var closures = ClosureParameters()
        var signature: [ClosureParameters.ParameterShape] = []
        for parameter in function.parameters {
            let types = Self.closureParameterTypes(parameter.typeText, realmVisible: realmVisible)
            signature.append(.init(label: parameter.label, closure: types, hasDefault: parameter.defaultText != nil))
            guard let types else { continue }
            closures.byLabel[parameter.label] = types
            closures.trailing = types
        }
        closures.signatures = [signature]
        self.init(
            value: nil, result: result, closures: closures.trailing == nil ? nil : closures,
            resultFromArgument: function.resultType.flatMap { Self.argumentResult($0, function.parameters) })
    }

    /// The types of the parameters of the function type `text` (`@escaping (Session) throws -> Void`,
    /// `((Realm) -> Void)?`, `(_ realm: Realm) -> Void`), or `nil` when it is not a function type.
    private static func closureParameterTypes(_ text: String, realmVisible: Bool) -> [NameType?]? {
        let navigator = TokenNavigator(tokens: Lexer.tokenize(text).tokens)
        var index = 0
        for _ in 0..<8 {
            while navigator.isPunctuation(index, "@") {
                index += 2
                if navigator.isCallParenthesis(index) { index = navigator.after(index) }
            }
            guard navigator.isPunctuation(index, "("), let close = navigator.partner(of: index) else { return nil }
            var after = close + 1
            while let effect = navigator[after], ["async", "throws", "rethrows"].contains(effect.text) { after += 1 }
            if navigator[after]?.isOperator("->") == true {
                return parameterTypes(inside: index, close, navigator, realmVisible: realmVisible)
            }
            // `((Realm) -> Void)?`: the function type is inside the parentheses.
            let rest = navigator[close + 1]
            guard rest == nil || rest?.isOperator("?") == true || rest?.isOperator("!") == true else { return nil }
            index += 1
        }
        return nil
    }

    /// The types of the comma-separated parameters between the parentheses at `open` and `close`.
    private static func parameterTypes(
        inside open: Int, _ close: Int, _ navigator: TokenNavigator, realmVisible: Bool
    ) -> [NameType?] {
        var types: [NameType?] = []
        for part in navigator.commaSeparatedParts(inside: open, close) where !part.isEmpty {
            // `_ realm: Realm` or `realm: Realm`: the type follows the colon.
            let typeStart = part.first(where: { navigator.isPunctuation($0, ":") }).map { $0 + 1 } ?? part.lowerBound
            types.append(FileSymbols.nameType(at: typeStart, navigator, realmVisible: realmVisible))
        }
        return types
    }

    /// The argument a result type written as a parameter's type (`R`, `R?`) or a member type of it (`R.Answer`)
    /// comes from.
    private static func argumentResult(_ resultType: String, _ parameters: [FunctionParameter]) -> ArgumentResult? {
        let tokens = Lexer.tokenize(resultType).tokens.filter { !($0.isOperator("?") || $0.isOperator("!")) }
        guard let first = tokens.first, first.kind == .identifier,
            let position = parameters.firstIndex(where: { $0.type == .named(path: [first.text], arguments: []) })
        else { return nil }
        let label = parameters[position].label
        switch tokens.count {
        case 1:
            return ArgumentResult(label: label, position: position, member: nil)
        case 3 where tokens[1].isPunctuation(".") && tokens[2].kind == .identifier:
            return ArgumentResult(label: label, position: position, member: tokens[2].text)
        default:
            return nil
        }
    }
}
