/// A Realm query chain read from source: where it starts and each step after it.
struct QueryChain {
    /// One step of the chain.
    enum Step {
        /// `filter("format", args…)`: the format string and the arguments' source texts.
        case filter(format: String, arguments: [String], offset: Int)
        /// `where { … }`: the closure's condition.
        case whereClosure(QueryNode)
        /// `sorted(byKeyPath:ascending:)`, `sorted(by: [SortDescriptor…])`, `sorted(by: \.x)`: key paths and orders.
        case sorted([(keyPath: String, ascending: Bool)])
        /// `distinct(by: ["a", "b"])`.
        case distinct([String])
        case first
        case last
        case count
        case isEmpty
    }

    /// The Realm class named by `objects(X.self)` or `object(ofType: X.self, forPrimaryKey:)`, when the chain
    /// starts there.
    var className: String?
    /// For `object(ofType:forPrimaryKey:)`: the key argument's source text.
    var primaryKeyArgument: String?
    var steps: [Step] = []

    /// Reads a chain such as `realm.objects(Dog.self).filter("age > %@", minAge).sorted(byKeyPath: "name").first`.
    static func parse(_ source: String) throws(QuerySyntaxError) -> QueryChain {
        let swift = SwiftTokens(source)
        let tokens = swift.tokens
        var chain = QueryChain()
        var index = 0
        var started = false
        while index < tokens.count {
            let token = tokens[index]
            guard token.isPunctuation("."), index + 1 < tokens.count, tokens[index + 1].kind == .identifier else {
                if token.kind == .punctuation, ["(", "[", "{"].contains(token.text) {
                    guard let close = swift.closing(index) else {
                        throw QuerySyntaxError(offset: token.start, message: "unbalanced '\(token.text)'")
                    }
                    if started {
                        throw QuerySyntaxError(offset: token.start, message: "unexpected '\(token.text)' in the chain")
                    }
                    index = close + 1
                } else {
                    if started, !(token.isOperator("?") || token.isOperator("!")) {
                        throw QuerySyntaxError(offset: token.start, message: "unexpected '\(token.text)' in the chain")
                    }
                    index += 1
                }
                continue
            }
            let name = tokens[index + 1].text
            let nameToken = tokens[index + 1]
            var next = index + 2
            var arguments: [SwiftTokens.Argument] = []
            var closure: ClosedRange<Int>?
            if next < tokens.count, tokens[next].isPunctuation("(") {
                guard let close = swift.closing(next) else {
                    throw QuerySyntaxError(offset: tokens[next].start, message: "unbalanced '('")
                }
                arguments = swift.arguments(next, close)
                next = close + 1
            }
            if next < tokens.count, tokens[next].isPunctuation("{") {
                guard let close = swift.closing(next) else {
                    throw QuerySyntaxError(offset: tokens[next].start, message: "unbalanced '{'")
                }
                closure = next...close
                next = close + 1
            }
            let isPrimaryKeyLookup =
                name == "object" && arguments.count == 2 && arguments[0].label == "ofType"
                && arguments[1].label == "forPrimaryKey"
            if !started && name != "objects" && !isPrimaryKeyLookup && !Self.stepNames.contains(name) {
                index = next
                continue
            }
            if isPrimaryKeyLookup {
                guard !started else {
                    throw QuerySyntaxError(offset: nameToken.start, message: "object(ofType:forPrimaryKey:) mid-chain")
                }
                started = true
                chain.className = Self.metatypeName(
                    swift.text(arguments[0].range.lowerBound, arguments[0].range.upperBound))
                chain.primaryKeyArgument = swift.text(arguments[1].range.lowerBound, arguments[1].range.upperBound)
                index = next
                continue
            }
            started = true
            let step = try Self.step(
                name, at: nameToken.start, arguments: arguments, closure: closure, tokens: swift)
            if let step {
                chain.steps.append(step)
            } else if name == "objects" {
                chain.className = arguments.first.map {
                    Self.metatypeName(swift.text($0.range.lowerBound, $0.range.upperBound))
                }
            }
            index = next
        }
        return chain
    }

    /// `Dog.self` → `Dog`.
    private static func metatypeName(_ text: String) -> String {
        text.hasSuffix(".self") ? String(text.dropLast(5)) : text
    }

    private static let stepNames: Set<String> = [
        "filter", "where", "sorted", "distinct", "first", "last", "count", "isEmpty",
    ]

    private static func step(
        _ name: String, at offset: Int, arguments: [SwiftTokens.Argument], closure: ClosedRange<Int>?,
        tokens: SwiftTokens
    ) throws(QuerySyntaxError) -> Step? {
        func text(_ argument: SwiftTokens.Argument) -> String {
            tokens.text(argument.range.lowerBound, argument.range.upperBound)
        }
        switch name {
        case "objects":
            return nil
        case "filter":
            guard let format = arguments.first, let literal = StringLiteralContents.of(text(format)) else {
                throw QuerySyntaxError(
                    offset: offset,
                    message: "filter needs a string literal format (a format built at run time cannot be converted)")
            }
            return .filter(
                format: literal, arguments: arguments.dropFirst().map(text),
                offset: tokens.tokens[format.range.lowerBound].start)
        case "where":
            let body: ClosedRange<Int>?
            if let closure {
                body = closure
            } else if let argument = arguments.first, tokens.tokens[argument.range.lowerBound].isPunctuation("{") {
                body = argument.range
            } else {
                body = nil
            }
            guard let body else { throw QuerySyntaxError(offset: offset, message: "where needs a closure") }
            return .whereClosure(try WhereClosureParser.parse(tokens, body))
        case "sorted":
            return .sorted(try sortKeys(arguments, at: offset, tokens: tokens))
        case "distinct":
            guard let argument = arguments.first else {
                throw QuerySyntaxError(offset: offset, message: "distinct needs key paths")
            }
            let items =
                tokens.tokens[argument.range.lowerBound].isPunctuation("[")
                ? tokens.arguments(argument.range.lowerBound, argument.range.upperBound) : [argument]
            return .distinct(
                try items.map { item throws(QuerySyntaxError) in
                    guard let key = keyPathText(text(item)) else {
                        throw QuerySyntaxError(
                            offset: offset, message: "distinct needs key path literals, got '\(text(item))'")
                    }
                    return key
                })
        case "first": return .first
        case "last": return .last
        case "count": return .count
        case "isEmpty": return .isEmpty
        default: return nil
        }
    }

    /// `"name"` or `\.name` / `\Dog.name` as a Realm key path, or `nil`.
    static func keyPathText(_ text: String) -> String? {
        if let literal = StringLiteralContents.of(text) { return literal }
        let trimmed = text.trimmed(of: " \t\n")
        guard trimmed.hasPrefix("\\") else { return nil }
        let path = trimmed.dropFirst().split(separator: ".", omittingEmptySubsequences: false).dropFirst()
        guard !path.isEmpty,
            path.allSatisfy({ !$0.isEmpty && $0.allSatisfy { $0.isLetter || $0.isNumber || $0 == "_" } })
        else { return nil }
        return path.joined(separator: ".")
    }

    private static func sortKeys(_ arguments: [SwiftTokens.Argument], at offset: Int, tokens: SwiftTokens)
        throws(QuerySyntaxError) -> [(keyPath: String, ascending: Bool)]
    {
        func text(_ argument: SwiftTokens.Argument) -> String {
            tokens.text(argument.range.lowerBound, argument.range.upperBound)
        }
        func ascending(_ argument: SwiftTokens.Argument?) throws(QuerySyntaxError) -> Bool {
            guard let argument else { return true }
            switch text(argument) {
            case "true": return true
            case "false": return false
            default:
                throw QuerySyntaxError(
                    offset: tokens.tokens[argument.range.lowerBound].start,
                    message: "the sort order '\(text(argument))' is not a literal true or false")
            }
        }
        guard let first = arguments.first else { throw QuerySyntaxError(offset: offset, message: "sorted needs a key") }
        let ascendingArgument = arguments.first { $0.label == "ascending" }
        if first.label == "byKeyPath"
            || (first.label == "by" && !tokens.tokens[first.range.lowerBound].isPunctuation("["))
        {
            guard let key = keyPathText(text(first)) else {
                throw QuerySyntaxError(
                    offset: offset, message: "the sort key '\(text(first))' is not a literal key path")
            }
            return [(key, try ascending(ascendingArgument))]
        }
        guard first.label == "by" else {
            throw QuerySyntaxError(offset: offset, message: "unsupported sorted(...) form")
        }
        var keys: [(keyPath: String, ascending: Bool)] = []
        for item in tokens.arguments(first.range.lowerBound, first.range.upperBound) {
            // SortDescriptor(keyPath: "age", ascending: false)
            let start = item.range.lowerBound
            guard tokens.tokens[start].isIdentifier("SortDescriptor"), start + 1 <= item.range.upperBound,
                tokens.tokens[start + 1].isPunctuation("("), let close = tokens.closing(start + 1)
            else {
                throw QuerySyntaxError(
                    offset: tokens.tokens[start].start,
                    message: "expected SortDescriptor(keyPath:ascending:), got '\(text(item))'")
            }
            let parts = tokens.arguments(start + 1, close)
            guard let keyArgument = parts.first(where: { $0.label == "keyPath" }),
                let key = keyPathText(text(keyArgument))
            else {
                throw QuerySyntaxError(
                    offset: tokens.tokens[start].start,
                    message: "the sort key in '\(text(item))' is not a literal key path")
            }
            keys.append((key, try ascending(parts.first { $0.label == "ascending" })))
        }
        return keys
    }
}

/// Plain Swift string literals (`"…"` with simple escapes, no interpolation).
enum StringLiteralContents {
    /// The literal's value, or `nil` when the text is not a plain string literal.
    static func of(_ text: String) -> String? {
        let trimmed = text.trimmed(of: " \t\n")
        guard trimmed.count >= 2, trimmed.first == "\"", trimmed.last == "\"", !trimmed.hasPrefix("\"\"\"") else {
            return nil
        }
        var value = ""
        var escaped = false
        for character in trimmed.dropFirst().dropLast() {
            if escaped {
                switch character {
                case "n": value.append("\n")
                case "t": value.append("\t")
                case "r": value.append("\r")
                case "0": value.append("\0")
                case "\"", "\\", "'": value.append(character)
                default: return nil
                }
                escaped = false
            } else if character == "\\" {
                escaped = true
            } else if character == "\"" {
                return nil
            } else {
                value.append(character)
            }
        }
        return escaped ? nil : value
    }
}
