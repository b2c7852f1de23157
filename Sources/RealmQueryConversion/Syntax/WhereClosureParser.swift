import SwiftSourceSyntax

/// Reads the condition of a type-safe `where { … }` closure (RealmSwift's `Query<T>`) into a ``QueryNode``.
///
/// Understood: `==`, `!=`, `<`, `<=`, `>`, `>=` between key paths and values, `&&`, `||`, `!`, a `Bool` key path
/// on its own, `contains(_:)` (substring or membership), `contains(_:options:)`, `starts(with:)`, `ends(with:)`,
/// `equals(_:options:)`, `like(_:caseInsensitive:)`, `contains(a...b)` (between), `in(_:)`, `count`/`sum`/`avg`/
/// `min`/`max` after a collection. Other values are Swift expressions the closure captures.
struct WhereClosureParser {
    private let swift: SwiftTokens
    private var index: Int
    private let end: Int
    private var parameter = "$0"
    private var depth = 0

    private init(_ swift: SwiftTokens, start: Int, end: Int) {
        self.swift = swift
        index = start
        self.end = end
    }

    /// Parses the closure whose braces are the tokens at `range`'s bounds.
    static func parse(_ swift: SwiftTokens, _ range: ClosedRange<Int>) throws(QuerySyntaxError) -> QueryNode {
        var parser = WhereClosureParser(swift, start: range.lowerBound + 1, end: range.upperBound)
        let tokens = swift.tokens
        // `{ dog in … }` or `{ (dog) in … }`
        if parser.index + 1 < parser.end, tokens[parser.index].kind == .identifier,
            tokens[parser.index + 1].isIdentifier("in")
        {
            parser.parameter = tokens[parser.index].text
            parser.index += 2
        } else if parser.index + 3 < parser.end, tokens[parser.index].isPunctuation("("),
            tokens[parser.index + 1].kind == .identifier, tokens[parser.index + 2].isPunctuation(")"),
            tokens[parser.index + 3].isIdentifier("in")
        {
            parser.parameter = tokens[parser.index + 1].text
            parser.index += 4
        }
        if parser.index < parser.end, tokens[parser.index].isIdentifier("return") { parser.index += 1 }
        let node = try parser.condition()
        guard parser.index >= parser.end else { throw parser.error("unexpected '\(parser.current?.text ?? "")'") }
        return node
    }

    private var current: Token? { index < end ? swift.tokens[index] : nil }
    private func error(_ message: String) -> QuerySyntaxError {
        QuerySyntaxError(
            offset: current?.start ?? swift.tokens[min(end, swift.tokens.count - 1)].start, message: message)
    }
    private func isOperator(_ symbol: String) -> Bool { current?.isOperator(symbol) == true }

    private mutating func condition() throws(QuerySyntaxError) -> QueryNode {
        depth += 1
        defer { depth -= 1 }
        guard depth <= 64 else { throw error("nested more than 64 levels deep") }
        var node = try conjunction()
        while isOperator("||") {
            index += 1
            node = .or(node, try conjunction())
        }
        return node
    }

    private mutating func conjunction() throws(QuerySyntaxError) -> QueryNode {
        var node = try comparison()
        while isOperator("&&") {
            index += 1
            node = .and(node, try comparison())
        }
        return node
    }

    /// The operand kinds the closure grammar distinguishes.
    private enum Term {
        case node(QueryNode)
        case operand(QueryOperand, offset: Int)
    }

    private mutating func comparison() throws(QuerySyntaxError) -> QueryNode {
        let start = current?.start ?? 0
        let lhs = try term()
        let operators: [String: ComparisonOperator] = [
            "==": .equal, "!=": .notEqual, "<": .less, "<=": .lessOrEqual, ">": .greater, ">=": .greaterOrEqual,
        ]
        guard let token = current, token.kind == .operator, let op = operators[token.text] else {
            switch lhs {
            case .node(let node): return node
            case .operand(.keyPath(let path), _):
                // A Bool property on its own.
                return .comparison(
                    Comparison(lhs: .keyPath(path), op: .equal, rhs: .literal(.bool(true)), offset: start))
            case .operand:
                throw error("expected a condition")
            }
        }
        index += 1
        let rhs = try term()
        guard case .operand(let left, _) = lhs, case .operand(let right, _) = rhs else {
            throw error("a comparison needs values on both sides")
        }
        return .comparison(Comparison(lhs: left, op: op, rhs: right, offset: start))
    }

    private mutating func term() throws(QuerySyntaxError) -> Term {
        depth += 1
        defer { depth -= 1 }
        guard depth <= 64, let token = current else { throw error("expected a value before the end of the closure") }
        if token.isOperator("!") {
            index += 1
            switch try term() {
            case .node(let node): return .node(.not(node))
            case .operand(.keyPath(let path), let offset):
                return .node(
                    .not(
                        .comparison(
                            Comparison(lhs: .keyPath(path), op: .equal, rhs: .literal(.bool(true)), offset: offset))))
            case .operand:
                throw error("'!' needs a condition")
            }
        }
        if token.isPunctuation("(") {
            guard let close = swift.closing(index), close < end else { throw error("unbalanced '('") }
            var inner = WhereClosureParser(swift, start: index + 1, end: close)
            inner.parameter = parameter
            inner.depth = depth
            let node = try inner.condition()
            guard inner.index >= close else { throw inner.error("unexpected '\(inner.current?.text ?? "")'") }
            index = close + 1
            return .node(node)
        }
        if token.kind == .identifier, token.text == parameter {
            return try keyPathTerm()
        }
        return .operand(try swiftValue(), offset: token.start)
    }

    /// A value the closure captures or writes literally: everything up to the next comparison or logical operator.
    private mutating func swiftValue() throws(QuerySyntaxError) -> QueryOperand {
        let first = index
        while let token = current {
            if token.kind == .operator, ["==", "!=", "<", "<=", ">", ">=", "&&", "||"].contains(token.text) { break }
            if token.kind == .punctuation, [",", ")"].contains(token.text) { break }
            if token.kind == .punctuation, ["(", "[", "{"].contains(token.text) {
                guard let close = swift.closing(index), close < end else { throw error("unbalanced '\(token.text)'") }
                index = close + 1
                continue
            }
            if token.kind == .identifier, token.text == parameter {
                throw error("a key path inside a value is not supported")
            }
            index += 1
        }
        guard index > first else { throw error("expected a value") }
        let text = swift.text(first, index - 1)
        switch swift.tokens[first].kind {
        case .stringLiteral where index - first == 1:
            if let value = StringLiteralContents.of(text) { return .literal(.string(value)) }
        case .integerLiteral where index - first == 1: return .literal(.integer(text))
        case .floatLiteral where index - first == 1: return .literal(.float(text))
        case .identifier where index - first == 1 && text == "true": return .literal(.bool(true))
        case .identifier where index - first == 1 && text == "false": return .literal(.bool(false))
        case .identifier where index - first == 1 && text == "nil": return .literal(.null)
        default: break
        }
        return .swiftValue(text)
    }

    /// `$0.a.b`, maybe ending in a method call.
    private mutating func keyPathTerm() throws(QuerySyntaxError) -> Term {
        let start = current?.start ?? 0
        index += 1
        var components: [String] = []
        while let token = current, token.isPunctuation("."), index + 1 < end,
            swift.tokens[index + 1].kind == .identifier
        {
            let name = swift.tokens[index + 1].text
            index += 2
            if let open = current, open.isPunctuation("(") {
                guard let close = swift.closing(index), close < end else { throw error("unbalanced '('") }
                let path = KeyPathReference(variable: nil, components: components, offset: start, isTypeSafe: true)
                let node = try method(name, on: path, open: index, close: close, offset: start)
                index = close + 1
                return .node(node)
            }
            components.append(name)
        }
        guard !components.isEmpty else { throw error("expected a property after '\(parameter)'") }
        return .operand(
            .keyPath(KeyPathReference(variable: nil, components: components, offset: start, isTypeSafe: true)),
            offset: start)
    }

    private func method(_ name: String, on path: KeyPathReference, open: Int, close: Int, offset: Int)
        throws(QuerySyntaxError) -> QueryNode
    {
        let arguments = swift.arguments(open, close)
        guard let first = arguments.first else {
            throw QuerySyntaxError(offset: offset, message: "'\(name)()' needs an argument")
        }
        var valueParser = WhereClosureParser(swift, start: first.range.lowerBound, end: first.range.upperBound + 1)
        valueParser.parameter = parameter
        var options = StringOptions()
        for argument in arguments.dropFirst() {
            let text = swift.text(argument.range.lowerBound, argument.range.upperBound)
            switch argument.label {
            case "options":
                options.caseInsensitive = text.contains("caseInsensitive")
                options.diacriticInsensitive = text.contains("diacriticInsensitive")
            case "caseInsensitive":
                options.caseInsensitive = text == "true"
            default:
                throw QuerySyntaxError(
                    offset: offset, message: "unsupported argument '\(argument.label ?? text)' of '\(name)'")
            }
        }
        // contains(a...b) / contains(a..<b): a range test.
        let rangeIndex = first.range.first { swift.tokens[$0].isOperator("...") || swift.tokens[$0].isOperator("..<") }
        if name == "contains", let rangeIndex {
            var lowerParser = WhereClosureParser(swift, start: first.range.lowerBound, end: rangeIndex)
            var upperParser = WhereClosureParser(swift, start: rangeIndex + 1, end: first.range.upperBound + 1)
            lowerParser.parameter = parameter
            upperParser.parameter = parameter
            let lower = try lowerParser.swiftValue()
            let upper = try upperParser.swiftValue()
            let between = QueryNode.between(.keyPath(path), lower: lower, upper: upper, offset: offset)
            guard swift.tokens[rangeIndex].text == "..<" else { return between }
            return .and(
                .comparison(Comparison(lhs: .keyPath(path), op: .greaterOrEqual, rhs: lower, offset: offset)),
                .comparison(Comparison(lhs: .keyPath(path), op: .less, rhs: upper, offset: offset)))
        }
        let value = try valueParser.swiftValue()
        let op: ComparisonOperator
        switch (name, first.label) {
        case ("contains", nil): op = options.isEmpty ? .containsValue : .contains
        case ("starts", "with"): op = .beginsWith
        case ("ends", "with"): op = .endsWith
        case ("like", nil): op = .like
        case ("equals", nil): op = .equal
        case ("in", nil):
            return .comparison(Comparison(lhs: .keyPath(path), op: .in, rhs: value, offset: offset))
        default:
            throw QuerySyntaxError(
                offset: offset,
                message: "'\(name)(\(first.label.map { "\($0):" } ?? "_:"))' is not supported in a where closure")
        }
        return .comparison(Comparison(lhs: .keyPath(path), op: op, rhs: value, options: options, offset: offset))
    }
}
