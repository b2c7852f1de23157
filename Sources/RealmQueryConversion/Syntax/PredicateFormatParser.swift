/// Reads an NSPredicate format string, as Realm's `filter(_:_:)` takes it, into a ``QueryNode``.
///
/// `arguments` are the Swift source texts of the `filter` call's arguments after the format: `%@` (and `%d`, `%f`…)
/// take the next one as a Swift value, `%K` takes the next one as a key path, which must be a string literal.
/// Keywords are case-insensitive, as in NSPredicate. Errors carry the byte offset in the format string.
struct PredicateFormatParser {
    private var tokens: [FormatToken]
    private var index = 0
    private var arguments: [String]
    private var nextArgument = 0
    private var depth = 0
    private static let depthLimit = 64

    private init(tokens: [FormatToken], arguments: [String]) {
        self.tokens = tokens
        self.arguments = arguments
    }

    static func parse(_ format: String, arguments: [String]) throws(QuerySyntaxError) -> QueryNode {
        var parser = PredicateFormatParser(tokens: try PredicateFormatLexer.tokenize(format), arguments: arguments)
        let node = try parser.orExpression()
        guard parser.current.kind == .end else { throw parser.error("unexpected '\(parser.current.text)'") }
        if parser.nextArgument < arguments.count {
            throw QuerySyntaxError(
                offset: format.utf8.count,
                message: "\(arguments.count) arguments but \(parser.nextArgument) placeholders in the format")
        }
        return node
    }

    private var current: FormatToken {
        tokens.indices.contains(index) ? tokens[index] : FormatToken(kind: .end, text: "", offset: 0)
    }
    private mutating func advance() { if index < tokens.count - 1 { index += 1 } }
    private func error(_ message: String, at token: FormatToken? = nil) -> QuerySyntaxError {
        QuerySyntaxError(offset: (token ?? current).offset, message: message)
    }
    private func isWord(_ word: String) -> Bool { current.kind == .word && current.text.uppercased() == word }
    private func isOperator(_ symbol: String) -> Bool { current.kind == .operator && current.text == symbol }
    private func isPunctuation(_ symbol: String) -> Bool { current.kind == .punctuation && current.text == symbol }

    private mutating func expect(punctuation symbol: String) throws(QuerySyntaxError) {
        guard isPunctuation(symbol) else {
            throw error(
                "expected '\(symbol)'" + (current.kind == .end ? " before the end" : ", found '\(current.text)'"))
        }
        advance()
    }

    private mutating func nested<T>(_ body: (inout PredicateFormatParser) throws(QuerySyntaxError) -> T)
        throws(QuerySyntaxError) -> T
    {
        depth += 1
        defer { depth -= 1 }
        guard depth <= Self.depthLimit else { throw error("nested more than \(Self.depthLimit) levels deep") }
        return try body(&self)
    }

    private mutating func orExpression() throws(QuerySyntaxError) -> QueryNode {
        try nested { parser throws(QuerySyntaxError) in
            var node = try parser.andExpression()
            while parser.isWord("OR") || parser.isOperator("||") {
                parser.advance()
                node = .or(node, try parser.andExpression())
            }
            return node
        }
    }

    private mutating func andExpression() throws(QuerySyntaxError) -> QueryNode {
        var node = try notExpression()
        while isWord("AND") || isOperator("&&") {
            advance()
            node = .and(node, try notExpression())
        }
        return node
    }

    private mutating func notExpression() throws(QuerySyntaxError) -> QueryNode {
        if isWord("NOT") || isOperator("!") {
            advance()
            return try nested { parser throws(QuerySyntaxError) in .not(try parser.notExpression()) }
        }
        if isPunctuation("(") {
            // A parenthesized predicate, unless it is the left operand of a comparison (rare; not supported).
            advance()
            let node = try orExpression()
            try expect(punctuation: ")")
            return node
        }
        if isWord("TRUEPREDICATE") {
            advance()
            return .constant(true)
        }
        if isWord("FALSEPREDICATE") {
            advance()
            return .constant(false)
        }
        return try comparison()
    }

    private mutating func comparison() throws(QuerySyntaxError) -> QueryNode {
        let start = current
        var quantifier: Quantifier?
        if isWord("ANY") || isWord("SOME") {
            quantifier = .any
        } else if isWord("ALL") {
            quantifier = .all
        } else if isWord("NONE") {
            quantifier = .noElement
        }
        if quantifier != nil { advance() }
        let lhs = try operand()
        if isWord("BETWEEN") {
            advance()
            let bounds = try operand()
            guard case .list(let items) = bounds, items.count == 2 else {
                if case .swiftValue = bounds {
                    throw error("BETWEEN with one argument: write the bounds as {%@, %@}", at: start)
                }
                throw error("BETWEEN needs two bounds: {lower, upper}", at: start)
            }
            if quantifier != nil { throw error("ANY/ALL/NONE with BETWEEN is not supported", at: start) }
            return .between(lhs, lower: items[0], upper: items[1], offset: start.offset)
        }
        let opToken = current
        let op: ComparisonOperator
        switch (current.kind, current.text.uppercased()) {
        case (.operator, "=="), (.operator, "="): op = .equal
        case (.operator, "!="), (.operator, "<>"): op = .notEqual
        case (.operator, "<"): op = .less
        case (.operator, "<="), (.operator, "=<"): op = .lessOrEqual
        case (.operator, ">"): op = .greater
        case (.operator, ">="), (.operator, "=>"): op = .greaterOrEqual
        case (.word, "BEGINSWITH"): op = .beginsWith
        case (.word, "ENDSWITH"): op = .endsWith
        case (.word, "CONTAINS"): op = .contains
        case (.word, "LIKE"): op = .like
        case (.word, "IN"): op = .in
        case (.word, "MATCHES"):
            throw error("MATCHES (regular expressions) is not supported by Realm", at: opToken)
        default:
            throw error(
                current.kind == .end
                    ? "expected a comparison operator before the end"
                    : "expected a comparison operator, found '\(current.text)'")
        }
        advance()
        var options = StringOptions()
        if isPunctuation("[") {
            advance()
            guard current.kind == .word, current.text.allSatisfy({ "cdlnCDLN".contains($0) }) else {
                throw error("expected string options such as [c], [d] or [cd]")
            }
            for letter in current.text.lowercased() {
                if letter == "c" { options.caseInsensitive = true }
                if letter == "d" { options.diacriticInsensitive = true }
            }
            advance()
            try expect(punctuation: "]")
        }
        let rhs = try operand()
        return .comparison(
            Comparison(lhs: lhs, op: op, rhs: rhs, options: options, quantifier: quantifier, offset: start.offset))
    }

    private mutating func operand() throws(QuerySyntaxError) -> QueryOperand {
        let token = current
        switch token.kind {
        case .string:
            advance()
            return .literal(.string(token.text))
        case .integer:
            advance()
            return .literal(.integer(token.text))
        case .float:
            advance()
            return .literal(.float(token.text))
        case .date(let seconds, let nanoseconds):
            advance()
            return .literal(.date(seconds: seconds, nanoseconds: nanoseconds))
        case .placeholder(let letter):
            advance()
            guard nextArgument < arguments.count else {
                throw error("'\(token.text)' has no argument (only \(arguments.count) given)", at: token)
            }
            let argument = arguments[nextArgument]
            nextArgument += 1
            guard letter == "K" else {
                let trimmed = argument.trimmed(of: " \t\n")
                return trimmed == "nil" || trimmed == "NSNull()" ? .literal(.null) : .swiftValue(argument)
            }
            guard let path = StringLiteralContents.of(argument) else {
                throw error("%K needs a string literal argument to know the key path; got '\(argument)'", at: token)
            }
            let components = path.split(separator: ".", omittingEmptySubsequences: false).map(String.init)
            guard components.allSatisfy({ !$0.isEmpty }) else {
                throw error("%K argument '\(path)' is not a key path", at: token)
            }
            return try keyPathTail(KeyPathReference(variable: nil, components: components, offset: token.offset))
        case .punctuation where token.text == "{":
            advance()
            var items: [QueryOperand] = []
            if !isPunctuation("}") {
                items.append(try nested { parser throws(QuerySyntaxError) in try parser.operand() })
                while isPunctuation(",") {
                    advance()
                    items.append(try nested { parser throws(QuerySyntaxError) in try parser.operand() })
                }
            }
            try expect(punctuation: "}")
            return .list(items)
        case .typed(let name):
            advance()
            return .literal(name == "oid" ? .objectId(token.text) : .uuid(token.text))
        case .word:
            return try wordOperand(token)
        default:
            throw error(
                token.kind == .end
                    ? "expected a value or key path before the end"
                    : "expected a value or key path, found '\(token.text)'")
        }
    }

    private mutating func wordOperand(_ token: FormatToken) throws(QuerySyntaxError) -> QueryOperand {
        switch token.text.uppercased() {
        case "TRUE", "YES":
            advance()
            return .literal(.bool(true))
        case "FALSE", "NO":
            advance()
            return .literal(.bool(false))
        case "NIL", "NULL":
            advance()
            return .literal(.null)
        case "SUBQUERY":
            return try subquery()
        default:
            break
        }
        if token.text.hasPrefix("@") { throw error("'\(token.text)' must follow a key path", at: token) }
        advance()
        var variable: String?
        var components: [String] = []
        if token.text.hasPrefix("$") { variable = token.text } else { components.append(token.text) }
        return try keyPathTail(KeyPathReference(variable: variable, components: components, offset: token.offset))
    }

    /// Reads `.name.name…` and a collection operator (`.@count`, `.@sum.age`) after a key path's first part.
    private mutating func keyPathTail(_ start: KeyPathReference) throws(QuerySyntaxError) -> QueryOperand {
        var path = start
        while isPunctuation(".") {
            advance()
            guard current.kind == .word else { throw error("expected a property name after '.'") }
            let word = current
            advance()
            if word.text.hasPrefix("@") {
                guard let op = CollectionOperator(rawValue: word.text.lowercased()) else {
                    throw error("'\(word.text)' is not supported (only @count, @sum, @avg, @min, @max)", at: word)
                }
                var property: [String] = []
                while isPunctuation(".") {
                    advance()
                    guard current.kind == .word, !current.text.hasPrefix("@") else {
                        throw error("expected a property name after '.'")
                    }
                    property.append(current.text)
                    advance()
                }
                return .aggregate(path, op, property: property)
            }
            if word.text.hasPrefix("$") { throw error("'\(word.text)' cannot follow '.'", at: word) }
            path.components.append(word.text)
        }
        return .keyPath(path)
    }

    /// `SUBQUERY(collection, $variable, predicate).@count`.
    private mutating func subquery() throws(QuerySyntaxError) -> QueryOperand {
        let start = current
        advance()
        try expect(punctuation: "(")
        guard current.kind == .word, !current.text.hasPrefix("$") else {
            throw error("expected the SUBQUERY's collection key path")
        }
        let collection = try operand()
        guard case .keyPath(let path) = collection else {
            throw error("SUBQUERY's first argument must be a key path", at: start)
        }
        try expect(punctuation: ",")
        guard current.kind == .word, current.text.hasPrefix("$"), current.text.count > 1 else {
            throw error("expected the SUBQUERY's variable ($name)")
        }
        let variable = current.text
        advance()
        try expect(punctuation: ",")
        let condition = try orExpression()
        try expect(punctuation: ")")
        try expect(punctuation: ".")
        guard current.kind == .word, current.text.lowercased() == "@count" else {
            throw error("a SUBQUERY must be followed by .@count")
        }
        advance()
        return .subqueryCount(collection: path, variable: variable, condition: condition)
    }
}

extension String {
    /// The text without leading and trailing characters of `set`.
    func trimmed(of set: String) -> String {
        var text = Substring(self)
        while let first = text.first, set.contains(first) { text = text.dropFirst() }
        while let last = text.last, set.contains(last) { text = text.dropLast() }
        return String(text)
    }
}
