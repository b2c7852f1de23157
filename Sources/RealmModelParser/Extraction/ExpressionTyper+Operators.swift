import SwiftSourceSyntax

/// An initializer split at its top-level binary operators (`2 * Limits.pageSize`, `Date() + 3600`,
/// `count > 10`), or a prefix sign on one operand (`-Limits.pageSize`): the operands and the operators between them.
struct OperatorExpression {
    /// What the operators make of their operands.
    enum Family {
        /// `+ - * / %`: arithmetic, typed from the operands.
        case arithmetic
        /// `== != < > <= >= && ||`: always a `Bool`.
        case boolean
    }

    /// The operands, in order; a prefix sign leaves one operand.
    var operands: [ArraySlice<Token>]
    /// The arithmetic operators between the operands (`+`, `-`…), in order.
    var operators: [String]
    /// Whether any operator is a comparison or a logical one.
    var family: Family

    private static let arithmetic: Set<String> = ["+", "-", "*", "/", "%"]
    private static let logical: Set<String> = ["&&", "||", "=="]

    /// Splits `tokens`; `nil` when they hold no binary operator outside brackets (and no leading sign).
    init?(_ tokens: ArraySlice<Token>) {
        var operands: [ArraySlice<Token>] = []
        var operators: [String] = []
        var family = Family.arithmetic
        var depth = 0
        var start = tokens.startIndex
        var index = tokens.startIndex
        // A leading `-` or `+` is a sign.
        if let first = tokens.first, first.isOperator("-") || first.isOperator("+") {
            start += 1
            index += 1
            operators.append("sign")
        }
        while index < tokens.endIndex {
            let token = tokens[index]
            depth += token.bracketDepthChange
            defer { index += 1 }
            guard depth == 0, index > start, token.kind == .operator,
                index > tokens.startIndex, tokens[index - 1].kind != .operator
            else { continue }
            let next = index + 1 < tokens.endIndex ? tokens[index + 1] : nil
            if Self.logical.contains(token.text) {
                family = .boolean
            } else if token.text == "!" || token.text == "<" || token.text == ">" || token.text == "=" {
                // `!=`, `<=`, `>=` (written as two tokens), or `<`/`>` set apart by spaces (not a generic list).
                let pairedWithEquals = next.map { $0.isOperator("=") && $0.start == token.end } ?? false
                let spaced = (token.text == "<" || token.text == ">") && tokens[index - 1].end < token.start
                guard pairedWithEquals || spaced, token.text != "=" || pairedWithEquals else { continue }
                family = .boolean
            } else if Self.arithmetic.contains(token.text) {
                operands.append(tokens[start..<index])
                operators.append(token.text)
                start = index + 1
            }
        }
        guard !operators.isEmpty || family == .boolean else { return nil }
        operands.append(tokens[start..<tokens.endIndex])
        if operators.first == "sign" { operators.removeFirst() }
        self.operands = operands
        self.operators = operators
        self.family = family
    }
}

extension ExpressionTyper {
    /// What one operand of an operator contributes: a literal's kind (it takes the other operand's type) or a type.
    private enum Operand {
        case literal(isFloat: Bool)
        case typed(TypeSyntax)
    }

    private static let integerTypes: Set<String> = [
        "Int", "Int8", "Int16", "Int32", "Int64", "UInt", "UInt8", "UInt16", "UInt32", "UInt64",
    ]
    private static let floatingTypes: Set<String> = ["Double", "Float", "CGFloat", "TimeInterval", "Float64"]

    /// The type of an expression with operators, as Swift's standard operators give it: a comparison or logical
    /// operator makes a `Bool`; arithmetic keeps its operands' common type (a literal takes the other's,
    /// `Date ± TimeInterval` is a `Date`). `nil` when an operand has no type or the types do not combine.
    func type(of expression: OperatorExpression) -> TypeSyntax? {
        if expression.family == .boolean { return .named(path: ["Bool"], arguments: []) }
        var result: Operand?
        for (position, operand) in expression.operands.enumerated() {
            guard let typed = self.operand(operand) else { return nil }
            guard let current = result else {
                result = typed
                continue
            }
            let symbol = position - 1 < expression.operators.count ? expression.operators[position - 1] : "+"
            guard let combined = Self.combine(current, typed, with: symbol) else { return nil }
            result = combined
        }
        switch result {
        case .literal(let isFloat): return .named(path: [isFloat ? "Double" : "Int"], arguments: [])
        case .typed(let type): return type
        case nil: return nil
        }
    }

    private func operand(_ tokens: ArraySlice<Token>) -> Operand? {
        guard !tokens.isEmpty else { return nil }
        if tokens.allSatisfy({ $0.kind == .integerLiteral || $0.kind == .floatLiteral || $0.kind == .punctuation }),
            tokens.contains(where: { $0.kind != .punctuation })
        {
            return .literal(isFloat: tokens.contains { $0.kind == .floatLiteral })
        }
        return nested.type(of: tokens).map(Operand.typed)
    }

    private static func combine(_ left: Operand, _ right: Operand, with symbol: String) -> Operand? {
        switch (left, right) {
        case (.literal(let first), .literal(let second)):
            return .literal(isFloat: first || second)
        case (.typed(let type), .literal(let isFloat)):
            return numeric(type, literalIsFloat: isFloat)
                ?? (isDate(type) && symbol != "*" && symbol != "/"
                    ? .typed(type) : nil)
        case (.literal(let isFloat), .typed(let type)):
            return numeric(type, literalIsFloat: isFloat) ?? (isDate(type) && symbol == "+" ? .typed(type) : nil)
        case (.typed(let first), .typed(let second)):
            if first == second, !isDate(first), symbol == "+" || numeric(first, literalIsFloat: false) != nil {
                return .typed(first)
            }
            if isDate(first), symbol == "+" || symbol == "-", let name = second.baseName,
                floatingTypes.contains(name)
            {
                return .typed(first)
            }
            return nil
        }
    }

    /// `type` when it is a number a literal of that kind converts to (an integer literal to any number, a
    /// floating-point one only to floating-point types).
    private static func numeric(_ type: TypeSyntax, literalIsFloat: Bool) -> Operand? {
        guard let name = type.baseName else { return nil }
        if floatingTypes.contains(name) { return .typed(type) }
        if integerTypes.contains(name), !literalIsFloat { return .typed(type) }
        return nil
    }

    private static func isDate(_ type: TypeSyntax) -> Bool { type.baseName == "Date" }
}
