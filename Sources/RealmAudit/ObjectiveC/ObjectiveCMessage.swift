import ObjectiveCSourceSyntax

/// One message send, `[receiver keyword:argument keyword:argument]`, read from tokens: the receiver's token range,
/// the selector and each argument's token range. Array literals, subscripts and C brackets are not messages.
struct ObjectiveCMessage: Sendable, Equatable {
    /// One part of the selector: `objectsWhere` and the tokens of its argument (`@"age > %d", 3`).
    struct Part: Sendable, Equatable {
        /// The keyword (or the whole unary selector).
        var keyword: String
        /// The keyword's token.
        var keywordToken: Int
        /// The argument's tokens (`nil` for a unary selector).
        var argument: Range<Int>?
    }

    /// The `[` token.
    var open: Int
    /// The `]` token.
    var close: Int
    /// The receiver's tokens.
    var receiver: Range<Int>
    /// The selector's parts, in order.
    var parts: [Part]

    /// The selector as Objective-C writes it: `defaultRealm`, `objectsInRealm:where:`.
    var selector: String {
        parts.count == 1 && parts[0].argument == nil ? parts[0].keyword : parts.map { $0.keyword + ":" }.joined()
    }

    /// The token of the selector's first keyword, where a finding points.
    var selectorToken: Int { parts.first?.keywordToken ?? open }

    /// Reads the message opened by the `[` at `open`, or `nil` when the brackets hold no message send.
    static func read(at open: Int, in brackets: ObjectiveCBrackets) -> ObjectiveCMessage? {
        let tokens = brackets.tokens
        guard tokens.indices.contains(open), tokens[open].isPunctuation("["),
            let close = matching(open, in: brackets)
        else { return nil }
        if open > 0, tokens[open - 1].isPunctuation("@") { return nil }
        let receiverEnd = expressionEnd(from: open + 1, limit: close, in: brackets)
        guard receiverEnd > open + 1, receiverEnd < close, tokens[receiverEnd].kind == .identifier else { return nil }
        var parts: [Part] = []
        var index = receiverEnd
        if index + 1 < close, tokens[index + 1].isPunctuation(":") {
            while index < close {
                guard tokens[index].kind == .identifier || tokens[index].isPunctuation(":") else { return nil }
                // `[x a:1 :2]` has an empty keyword.
                let keyword = tokens[index].kind == .identifier ? tokens[index].text : ""
                let colon = tokens[index].kind == .identifier ? index + 1 : index
                guard colon < close, tokens[colon].isPunctuation(":") else { return nil }
                let argumentEnd = argumentEnd(from: colon + 1, limit: close, in: brackets)
                parts.append(Part(keyword: keyword, keywordToken: index, argument: (colon + 1)..<argumentEnd))
                index = argumentEnd
            }
        } else {
            guard index + 1 == close else { return nil }
            parts.append(Part(keyword: tokens[index].text, keywordToken: index, argument: nil))
        }
        return ObjectiveCMessage(open: open, close: close, receiver: (open + 1)..<receiverEnd, parts: parts)
    }

    /// The index of the bracket closing the one at `open`, or `nil` when the file ends first.
    static func matching(_ open: Int, in brackets: ObjectiveCBrackets) -> Int? {
        brackets.close(of: open)
    }

    /// The end (exclusive) of the expression starting at `start`: a primary (a name, a literal, a bracketed or
    /// parenthesised expression, a cast and what it casts) and its postfixes (`.name`, `->name`, calls, subscripts).
    static func expressionEnd(from start: Int, limit: Int, in brackets: ObjectiveCBrackets) -> Int {
        let tokens = brackets.tokens
        var index = start
        // Prefix operators.
        while index < limit, tokens[index].kind == .punctuation,
            ["*", "&", "!", "-", "~", "+"].contains(tokens[index].text)
        {
            index += 1
        }
        guard index < limit else { return index }
        let token = tokens[index]
        switch token.kind {
        case .identifier, .number, .string, .objectString, .character, .atKeyword:
            index += 1
            while index < limit, tokens[index].kind == .objectString || tokens[index].kind == .string { index += 1 }
        case .punctuation where token.text == "[" || token.text == "(":
            guard let close = matching(index, in: brackets), close < limit else { return limit }
            index = close + 1
            // Casts, `(RLMRealm *)value` or `(id)(Dog *)value`: read in a loop, never by recursion.
            var isCast = token.text == "("
            while isCast, index < limit, isPrimaryStart(tokens[index]),
                !(tokens[index].kind == .identifier && index + 1 < limit && tokens[index + 1].isPunctuation(":"))
            {
                let operand = tokens[index]
                isCast = operand.isPunctuation("(")
                if operand.kind != .punctuation {
                    index += 1
                } else if operand.isPunctuation("@"), index + 1 < limit, let close = matching(index + 1, in: brackets),
                    close < limit
                {
                    index = close + 1
                } else if let close = matching(index, in: brackets), close < limit {
                    index = close + 1
                } else {
                    return limit
                }
            }
        case .punctuation where token.text == "@":
            index += 1
            if index < limit, let close = matching(index, in: brackets), close < limit {
                index = close + 1
            } else if index < limit {
                index += 1
            }
        default:
            return index
        }
        // Postfixes.
        while index < limit {
            let next = tokens[index]
            if next.isPunctuation("."), index + 1 < limit, tokens[index + 1].kind == .identifier {
                index += 2
            } else if next.isPunctuation("-"), index + 2 < limit, tokens[index + 1].isPunctuation(">"),
                tokens[index + 2].kind == .identifier
            {
                index += 3
            } else if next.isPunctuation("(") || next.isPunctuation("["), let close = matching(index, in: brackets),
                close < limit
            {
                index = close + 1
            } else {
                break
            }
        }
        return index
    }

    private static func isPrimaryStart(_ token: ObjectiveCToken) -> Bool {
        switch token.kind {
        case .identifier, .objectString, .string, .number, .atKeyword: true
        case .punctuation: ["[", "(", "@", "^"].contains(token.text)
        default: false
        }
    }

    /// The end (exclusive) of a keyword's argument: the next `keyword:` at the same depth (a ternary's `:` is
    /// not one), or `limit`.
    private static func argumentEnd(from start: Int, limit: Int, in brackets: ObjectiveCBrackets) -> Int {
        let tokens = brackets.tokens
        var depth = 0
        var ternaries = 0
        var index = start
        while index < limit {
            let token = tokens[index]
            depth += token.bracketDepthChange
            if depth < 0 { return index }
            if depth == 0 {
                if token.isPunctuation("?") {
                    ternaries += 1
                } else if token.isPunctuation(":") {
                    if ternaries > 0 {
                        ternaries -= 1
                    } else if index > start {
                        return index
                    }
                } else if index > start, ternaries == 0, token.kind == .identifier, index + 1 < limit,
                    tokens[index + 1].isPunctuation(":")
                {
                    return index
                }
            }
            index += 1
        }
        return limit
    }

    /// `range` split at its top-level commas (a variadic argument: the format and its arguments).
    static func split(_ range: Range<Int>, in brackets: ObjectiveCBrackets) -> [Range<Int>] {
        let tokens = brackets.tokens
        var result: [Range<Int>] = []
        var depth = 0
        var start = range.lowerBound
        for index in range {
            let token = tokens[index]
            depth += token.bracketDepthChange
            if depth == 0, token.isPunctuation(",") {
                result.append(start..<index)
                start = index + 1
            }
        }
        result.append(start..<range.upperBound)
        return result.filter { !$0.isEmpty }
    }
}
