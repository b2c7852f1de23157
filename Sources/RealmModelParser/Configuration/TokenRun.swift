import SwiftSourceSyntax

/// A file's tokens with their bracket partners and the brace each token sits in: what reading configurations and
/// migration blocks needs beyond the declaration reader. Every lookup is bounds-checked; an unbalanced bracket has
/// no partner.
struct TokenRun {
    let tokens: [Token]
    /// For each bracket token, the index of its partner (`-1` when unbalanced or not a bracket).
    private let partners: [Int]
    /// For each token, the index of the innermost `{` around it (`-1` at file level).
    private let braces: [Int]

    init(_ tokens: [Token]) {
        var partners = [Int](repeating: -1, count: tokens.count)
        var braces = [Int](repeating: -1, count: tokens.count)
        var open: [Int] = []
        var openBraces: [Int] = []
        for (index, token) in tokens.enumerated() {
            braces[index] = openBraces.last ?? -1
            guard token.kind == .punctuation else { continue }
            switch token.text {
            case "(", "[", "{":
                open.append(index)
                if token.text == "{" { openBraces.append(index) }
            case ")", "]", "}":
                let opener = token.text == ")" ? "(" : token.text == "]" ? "[" : "{"
                // A closer pairs with the nearest opener of its kind; openers left above it were never closed.
                guard let match = open.lastIndex(where: { tokens[$0].text == opener }) else { continue }
                partners[index] = open[match]
                partners[open[match]] = index
                open.removeSubrange(match...)
                if token.text == "}", let brace = openBraces.lastIndex(of: partners[index]) {
                    openBraces.removeSubrange(brace...)
                    braces[index] = openBraces.last ?? -1
                }
            default:
                break
            }
        }
        self.tokens = tokens
        self.partners = partners
        self.braces = braces
    }

    subscript(_ index: Int) -> Token? { index >= 0 && index < tokens.count ? tokens[index] : nil }

    /// The partner of the bracket at `index`, or `nil`.
    func partner(of index: Int) -> Int? {
        guard index >= 0, index < partners.count, partners[index] >= 0 else { return nil }
        return partners[index]
    }

    /// The innermost `{` around the token at `index` (`-1` at file level).
    func brace(around index: Int) -> Int {
        index >= 0 && index < braces.count ? braces[index] : -1
    }

    /// The braces around the token at `index`, innermost first, then `-1` (file level).
    func scopes(around index: Int) -> [Int] {
        var result: [Int] = []
        var current = brace(around: index)
        while current >= 0, result.count < 256 {
            result.append(current)
            current = brace(around: current)
        }
        return result + [-1]
    }

    func isIdentifier(_ index: Int, _ word: String) -> Bool { self[index]?.isIdentifier(word) == true }
    func isPunctuation(_ index: Int, _ text: String) -> Bool { self[index]?.isPunctuation(text) == true }
    func isOperator(_ index: Int, _ text: String) -> Bool { self[index]?.isOperator(text) == true }

    /// The comma-separated parts between the brackets at `open` and `close`, as token ranges: commas inside nested
    /// brackets do not separate.
    func parts(inside open: Int, _ close: Int) -> [Range<Int>] {
        var parts: [Range<Int>] = []
        var start = open + 1
        var index = open + 1
        while index <= close, index < tokens.count {
            if index == close || isPunctuation(index, ",") {
                if index > start || index != close { parts.append(start..<max(start, index)) }
                start = index + 1
            }
            if let partner = partner(of: index), partner > index, index != close {
                index = partner + 1
            } else {
                index += 1
            }
        }
        return parts
    }

    /// The end (exclusive) of the expression starting at `start`: up to a `,`, `;` or closing bracket at its own
    /// depth, or a token that starts a new line and cannot continue the expression.
    func expressionEnd(from start: Int) -> Int {
        var index = start
        while index < tokens.count {
            let token = tokens[index]
            if token.isPunctuation(",") || token.isPunctuation(";") { return index }
            if token.bracketDepthChange < 0 { return index }
            if index > start, token.startsLine, !continuesExpression(at: index) { return index }
            if token.bracketDepthChange > 0 {
                guard let partner = partner(of: index) else { return tokens.count }
                index = partner + 1
                continue
            }
            index += 1
        }
        return tokens.count
    }

    /// Whether the token at `index`, first on its line, continues the expression before it: a member or an
    /// operator (`.map`, `+ 1`), a trailing closure brace, or anything after an operator, `,` or `.`.
    func continuesExpression(at index: Int) -> Bool {
        guard let token = self[index], let previous = self[index - 1] else { return false }
        if token.isPunctuation(".") || token.isPunctuation("{") || token.isPunctuation(":") { return true }
        if token.kind == .operator && !token.isOperator("!") && !token.isOperator("&") { return true }
        if ["else", "catch", "where", "in", "as", "is"].contains(token.text) && token.kind == .identifier {
            return true
        }
        // A postfix `!` or `?`, or a generic argument list's `>`, ends an expression.
        let isBinaryOperator = previous.kind == .operator && !["!", "?", ">"].contains(previous.text)
        if isBinaryOperator || previous.isPunctuation(",") || previous.isPunctuation(".")
            || previous.isPunctuation(":")
        {
            return true
        }
        return false
    }

    /// `A.b.c` ending at `end` (identifiers joined by `.`, `self` included): its components and the index of its
    /// first token.
    func path(endingAt end: Int) -> (components: [String], start: Int) {
        var components: [String] = []
        var index = end
        while let token = self[index], token.kind == .identifier, components.count < 16 {
            components.insert(token.text, at: 0)
            guard isPunctuation(index - 1, "."), self[index - 2]?.kind == .identifier else {
                return (components, index)
            }
            index -= 2
        }
        return (components, index + 1)
    }
}
