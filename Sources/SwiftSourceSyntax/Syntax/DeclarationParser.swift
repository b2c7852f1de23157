/// Reads the declarations of one Swift file from its tokens: types, their members, `#if` blocks.
///
/// Bodies of functions and accessors are skipped as balanced token runs (their tokens are kept for the few
/// Realm methods whose bodies matter, such as `primaryKey()`). The parser always makes progress and never gives up:
/// unbalanced braces and stray tokens become problems with a line number, and parsing goes on.
package struct DeclarationParser {
    package let tokens: [Token]
    package let lexer: Lexer
    package var index = 0
    /// Problems found, with their line.
    package var problems: [(line: Int, message: String)] = []
    /// How many types and `#if` blocks enclose the current token. Beyond `nestingLimit` a body is skipped as a
    /// balanced run instead of parsed (reading it would recurse as deep as the input nests).
    private var nesting = 0
    package static let nestingLimit = 128

    package init(lexer: Lexer) {
        self.lexer = lexer
        tokens = lexer.tokens
    }

    /// Parses a whole file.
    package mutating func parseFile() -> [Declaration] {
        parseDeclarations(insideBraces: false, insideConditional: false)
    }

    package var current: Token? { index < tokens.count ? tokens[index] : nil }
    package func peek(_ offset: Int) -> Token? {
        let target = index + offset
        return target >= 0 && target < tokens.count ? tokens[target] : nil
    }

    package static let declarationKeywords: Set<String> = [
        "class", "struct", "enum", "protocol", "extension", "actor", "var", "let", "func", "init", "deinit",
        "subscript", "typealias", "associatedtype", "import", "case", "operator", "precedencegroup", "macro",
    ]
    package static let modifierWords: Set<String> = [
        "public", "private", "fileprivate", "internal", "open", "package", "static", "final", "override", "required",
        "convenience", "dynamic", "lazy", "weak", "unowned", "optional", "mutating", "nonmutating", "nonisolated",
        "indirect", "prefix", "postfix", "infix", "isolated", "distributed", "consuming", "borrowing",
    ]

    /// Whether `token` can begin a new declaration (used to find where an expression or statement ends).
    package func startsDeclaration(_ token: Token) -> Bool {
        if token.isPunctuation("@") { return true }
        if token.kind == .poundKeyword { return ["#if", "#elseif", "#else", "#endif"].contains(token.text) }
        return token.kind == .identifier
            && (Self.declarationKeywords.contains(token.text) || Self.modifierWords.contains(token.text))
    }

    private mutating func parseDeclarations(insideBraces: Bool, insideConditional: Bool) -> [Declaration] {
        var result: [Declaration] = []
        while let token = current {
            if token.isPunctuation("}") {
                if insideBraces { return result }
                problems.append((token.line, "unbalanced '}' (no matching '{')"))
                index += 1
                continue
            }
            if token.kind == .poundKeyword {
                switch token.text {
                case "#if" where nesting < Self.nestingLimit:
                    nesting += 1
                    result.append(.conditional(parseConditional(insideBraces: insideBraces)))
                    nesting -= 1
                    continue
                case "#if":
                    problems.append((token.line, "'#if' nested too deeply; its condition is ignored"))
                    index += 1
                    continue
                case "#elseif", "#else", "#endif":
                    if insideConditional { return result }
                    problems.append((token.line, "'\(token.text)' without a matching '#if'"))
                    index += 1
                    continue
                default:
                    skipFreestandingMacro()
                    continue
                }
            }
            if token.isPunctuation(";") {
                index += 1
                continue
            }
            let before = index
            result += parseDeclaration()
            if index == before { index += 1 }
        }
        return result
    }

    private mutating func parseConditional(insideBraces: Bool) -> ConditionalBlock {
        let opening = tokens[index]
        var clauses: [(condition: String?, declarations: [Declaration])] = []
        var condition: String? = restOfLine()
        while true {
            let declarations = parseDeclarations(insideBraces: insideBraces, insideConditional: true)
            clauses.append((condition, declarations))
            guard let token = current, token.kind == .poundKeyword else {
                problems.append((opening.line, "'#if' is never closed with '#endif'"))
                break
            }
            if token.text == "#endif" {
                index += 1
                break
            }
            condition = token.text == "#elseif" ? restOfLine() : nil
            if token.text == "#else" { index += 1 }
        }
        return ConditionalBlock(clauses: clauses, line: opening.line)
    }

    /// Consumes the current token and the rest of its line; returns the rest of the line as text.
    private mutating func restOfLine() -> String {
        let line = tokens[index].line
        index += 1
        var first: Token?
        var last: Token?
        while let token = current, token.line == line, !token.startsLine {
            if first == nil { first = token }
            last = token
            index += 1
        }
        guard let first, let last else { return "" }
        return lexer.text(from: first.start, to: last.end)
    }

    private mutating func parseDeclaration() -> [Declaration] {
        let first = tokens[index]
        var attributes: [AttributeSyntax] = []
        var modifiers: [String] = []
        while let token = current {
            if token.isPunctuation("@") {
                index += 1
                attributes.append(parseAttribute())
            } else if token.kind == .identifier, Self.modifierWords.contains(token.text) {
                modifiers.append(token.text)
                index += 1
                // `private(set)`, `unowned(safe)`
                if current?.isPunctuation("(") == true, peek(2)?.isPunctuation(")") == true {
                    modifiers[modifiers.count - 1] += "(\(peek(1)?.text ?? ""))"
                    index += 3
                }
            } else if token.isIdentifier("class"), let next = peek(1), next.kind == .identifier,
                Self.declarationKeywords.contains(next.text) || Self.modifierWords.contains(next.text)
            {
                modifiers.append("class")
                index += 1
            } else {
                break
            }
        }
        // `@available(iOS 17, *) #Preview { … }`: a freestanding macro with attributes.
        if let macro = current, macro.kind == .poundKeyword, !startsDeclaration(macro), !attributes.isEmpty {
            skipFreestandingMacro()
            return []
        }
        guard let keyword = current, keyword.kind == .identifier else {
            if !attributes.isEmpty || !modifiers.isEmpty {
                problems.append((first.line, "attributes or modifiers without a declaration"))
            }
            return []
        }
        switch keyword.text {
        case "class", "struct", "enum", "protocol", "extension", "actor":
            guard let kind = TypeDeclarationKind(rawValue: keyword.text) else { return [] }
            return [parseTypeDeclaration(kind, attributes: attributes, modifiers: modifiers, start: first)]
        case "var", "let":
            return parseVariables(attributes: attributes, modifiers: modifiers, start: first).map { .variable($0) }
        case "func", "init", "deinit", "subscript":
            return [.function(parseFunction(attributes: attributes, modifiers: modifiers, start: first))]
        case "case":
            return [.enumCase(parseEnumCase())]
        default:
            index += 1
            let name = current?.kind == .identifier ? current?.text : nil
            skipStatement()
            return [.other(keyword: keyword.text, name: name, line: first.line, start: first.start, end: lastEnd)]
        }
    }

    /// Skips `#warning("…")`, `#sourceLocation(…)` or a freestanding macro (`#Preview("Dark") { … }`, whose body
    /// may declare `@Previewable @State var …`) with its arguments and trailing closures; a `{` on the next line is
    /// the macro's too (no declaration starts with one).
    private mutating func skipFreestandingMacro() {
        let token = tokens[index]
        index += 1
        if current?.isPunctuation("(") == true, current?.start == token.end { skipBalanced() }
        while current?.isPunctuation("{") == true { skipBalanced() }
    }

    private var lastEnd: Int { index > 0 && index - 1 < tokens.count ? tokens[index - 1].end : 0 }

    private mutating func parseAttribute() -> AttributeSyntax {
        var name = ""
        while let token = current, token.kind == .identifier {
            name = token.text
            index += 1
            guard current?.isPunctuation(".") == true, peek(1)?.kind == .identifier else { break }
            index += 1
        }
        var arguments: [Token]?
        if let open = current, open.isPunctuation("("), index > 0,
            tokens[index - 1].end == open.start || argumentListFollowsSpacedAttribute()
        {
            let start = index + 1
            skipBalanced()
            arguments = Array(tokens[min(start, index - 1)..<max(start, index - 1)])
        }
        return AttributeSyntax(name: name, arguments: arguments)
    }

    /// Whether the `(` at the current token, apart from the attribute name before it (whitespace or a comment
    /// between, which Swift accepts: `@Persisted (primaryKey: true)`), is the attribute's argument list: its
    /// balanced group is followed by what begins a declaration (another attribute, a modifier, a keyword).
    private func argumentListFollowsSpacedAttribute() -> Bool {
        // An attribute's arguments are short: looking no further than this keeps hostile input linear.
        var depth = 0
        var position = index
        while position < min(tokens.count, index + 256) {
            depth += tokens[position].bracketDepthChange
            if depth == 0 {
                return position + 1 < tokens.count && tokens[position].isPunctuation(")")
                    && startsDeclaration(tokens[position + 1])
            }
            if depth < 0 { return false }
            position += 1
        }
        return false
    }

    private mutating func parseTypeDeclaration(
        _ kind: TypeDeclarationKind, attributes: [AttributeSyntax], modifiers: [String], start: Token
    ) -> Declaration {
        let keyword = tokens[index]
        index += 1
        var name = ""
        if kind == .extension {
            var parser = TypeParser(tokens: tokens[index...])
            name = parser.parseType()?.description ?? ""
            index = parser.index
        } else if let token = current, token.kind == .identifier {
            name = token.text
            index += 1
        }
        if current?.isOperator("<") == true { skipAngleBrackets() }
        var inheritance: [TypeSyntax] = []
        if current?.isPunctuation(":") == true {
            index += 1
            while true {
                var parser = TypeParser(tokens: tokens[index...])
                guard let type = parser.parseType() else { break }
                inheritance.append(type)
                index = parser.index
                guard current?.isPunctuation(",") == true else { break }
                index += 1
            }
        }
        // `where` clauses and anything else up to the body.
        while let token = current, !token.isPunctuation("{"), !token.isPunctuation("}"),
            !(token.startsLine && startsDeclaration(token))
        {
            index += 1
        }
        var members: [Declaration] = []
        if current?.isPunctuation("{") == true, nesting >= Self.nestingLimit {
            problems.append((keyword.line, "'\(kind.rawValue) \(name)' is nested too deeply; its body is skipped"))
            skipBalanced()
        } else if current?.isPunctuation("{") == true {
            nesting += 1
            defer { nesting -= 1 }
            index += 1
            members = parseDeclarations(insideBraces: true, insideConditional: false)
            if current?.isPunctuation("}") == true {
                index += 1
            } else {
                problems.append(
                    (keyword.line, "'\(kind.rawValue) \(name)' is never closed: missing '}' (unbalanced braces)"))
            }
        } else {
            problems.append((keyword.line, "expected '{' after '\(kind.rawValue) \(name)'"))
        }
        return .type(
            TypeDeclaration(
                kind: kind, name: name, attributes: attributes, modifiers: modifiers, inheritance: inheritance,
                members: members, line: keyword.line, start: start.start, end: lastEnd))
    }

    private mutating func parseVariables(
        attributes: [AttributeSyntax], modifiers: [String], start: Token
    ) -> [VariableDeclaration] {
        let keyword = tokens[index]
        index += 1
        var bindings: [VariableDeclaration] = []
        while true {
            if current?.isPunctuation("(") == true {
                // A tuple pattern (`var (promise, seal) = Promise<Int>.pending()`): read, no binding kept (nothing
                // persists or is typed through it).
                skipTuplePattern()
                if current?.isPunctuation(",") == true {
                    index += 1
                    continue
                }
                break
            }
            guard let nameToken = current, nameToken.kind == .identifier else {
                // A tuple pattern or something unreadable: skip it as a statement.
                skipStatement()
                problems.append((keyword.line, "cannot read the variable declared here; skipped"))
                break
            }
            index += 1
            var type: TypeSyntax?
            if current?.isPunctuation(":") == true {
                index += 1
                var parser = TypeParser(tokens: tokens[index...])
                type = parser.parseType()
                index = parser.index
            }
            var initializer: [Token]?
            if current?.isOperator("=") == true {
                index += 1
                initializer = skipExpression()
            }
            var hasAccessorBlock = false
            var hasObserversOnly = false
            if current?.isPunctuation("{") == true {
                hasAccessorBlock = true
                let first = peek(1)
                hasObserversOnly = first?.isIdentifier("willSet") == true || first?.isIdentifier("didSet") == true
                skipBalanced()
            }
            let initializerText = initializer.flatMap { tokens in
                tokens.first.map { first in lexer.text(from: first.start, to: tokens.last?.end ?? first.end) }
            }
            bindings.append(
                VariableDeclaration(
                    attributes: attributes, modifiers: modifiers, isLet: keyword.text == "let", name: nameToken.text,
                    type: type, initializer: initializer, initializerText: initializerText,
                    hasAccessorBlock: hasAccessorBlock, hasObserversOnly: hasObserversOnly, line: nameToken.line,
                    start: start.start, end: lastEnd))
            guard current?.isPunctuation(",") == true else { break }
            index += 1
        }
        return bindings
    }

    private mutating func parseFunction(attributes: [AttributeSyntax], modifiers: [String], start: Token)
        -> FunctionDeclaration
    {
        let keyword = tokens[index]
        index += 1
        var name = keyword.text
        if keyword.text == "func", let token = current {
            name = token.text
            index += 1
        }
        if current?.isOperator("?") == true || current?.isOperator("!") == true { index += 1 }
        if current?.isOperator("<") == true { skipAngleBrackets() }
        var parameters: [FunctionParameter] = []
        if current?.isPunctuation("(") == true {
            let open = index
            let labels = parameterLabels()
            if keyword.text != "deinit" { name += "(" + labels.map { "\($0):" }.joined() + ")" }
            parameters = readParameters(tokens[min(open + 1, index)..<max(open + 1, index - 1)])
        }
        // Effects, result type and `where` clause, up to the body or the end of a requirement.
        let tailStart = index
        while let token = current, !token.isPunctuation("{"), !token.isPunctuation("}"), !token.isPunctuation(";") {
            if token.startsLine && startsDeclaration(token) { break }
            if token.isPunctuation("(") || token.isPunctuation("[") {
                skipBalanced()
            } else {
                index += 1
            }
        }
        let (signatureTail, effects, resultType) = signature(tokens[tailStart..<index])
        var body: [Token] = []
        var bodyOffset: Int?
        if let brace = current, brace.isPunctuation("{") {
            bodyOffset = brace.start
            let bodyStart = index + 1
            skipBody(of: keyword, name: name, column: start.column)
            body = Array(tokens[min(bodyStart, index)..<max(bodyStart, index - 1)])
        }
        return FunctionDeclaration(
            keyword: keyword.text, name: name, modifiers: modifiers, attributes: attributes, body: body,
            line: keyword.line, start: start.start, end: lastEnd, parameters: parameters, signatureTail: signatureTail,
            bodyStart: bodyOffset, resultType: resultType, effects: effects)
    }

    private mutating func parseEnumCase() -> EnumCaseDeclaration {
        let keyword = tokens[index]
        index += 1
        var elements: [(name: String, rawValue: String?, hasAssociatedValues: Bool)] = []
        while let token = current, token.kind == .identifier {
            index += 1
            var rawValue: String?
            var hasAssociatedValues = false
            if current?.isPunctuation("(") == true {
                hasAssociatedValues = true
                skipBalanced()
            }
            if current?.isOperator("=") == true {
                index += 1
                let valueTokens = skipExpression()
                rawValue = valueTokens.map(\.text).joined()
            }
            elements.append((token.text, rawValue, hasAssociatedValues))
            guard current?.isPunctuation(",") == true else { break }
            index += 1
        }
        return EnumCaseDeclaration(elements: elements, line: keyword.line)
    }

}
