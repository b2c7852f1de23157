import SwiftSourceSyntax

/// A run of tokens from one file, with the helpers the threading conversion reads statements with.
struct TokenRun {
    let tokens: ArraySlice<Token>
    let lexer: Lexer

    init(_ tokens: ArraySlice<Token>, _ lexer: Lexer) {
        self.tokens = tokens
        self.lexer = lexer
    }

    var isEmpty: Bool { tokens.isEmpty }
    var first: Token? { tokens.first }

    /// The source text of the run, as written.
    var text: String {
        guard let first = tokens.first, let last = tokens.last else { return "" }
        return lexer.text(from: first.start, to: last.end)
    }

    func sub(_ range: Range<Int>) -> TokenRun { TokenRun(tokens[range], lexer) }

    func token(_ offset: Int) -> Token? {
        let position = tokens.startIndex + offset
        return position >= tokens.startIndex && position < tokens.endIndex ? tokens[position] : nil
    }

    /// Whether the run starts with these token texts.
    func starts(with texts: [String]) -> Bool {
        guard tokens.count >= texts.count else { return false }
        return zip(tokens, texts).allSatisfy { $0.text == $1 }
    }

    /// The first position (absolute index) where these token texts occur in a row.
    func find(_ texts: [String], from start: Int? = nil) -> Int? {
        guard !texts.isEmpty, tokens.count >= texts.count else { return nil }
        var position = start ?? tokens.startIndex
        while position + texts.count <= tokens.endIndex {
            if texts.indices.allSatisfy({ tokens[position + $0].text == texts[$0] }) { return position }
            position += 1
        }
        return nil
    }

    func contains(_ texts: [String]) -> Bool { find(texts) != nil }

    /// Whether an identifier token with this text occurs.
    func mentions(_ name: String) -> Bool { tokens.contains { $0.kind == .identifier && $0.text == name } }

    /// The absolute index of the token that closes the bracket opened at `open` (`(`, `[` or `{`).
    func closing(from open: Int) -> Int? {
        var depth = 0
        var position = open
        while position < tokens.endIndex {
            let token = tokens[position]
            if token.isPunctuation("(") || token.isPunctuation("[") || token.isPunctuation("{") { depth += 1 }
            if token.isPunctuation(")") || token.isPunctuation("]") || token.isPunctuation("}") {
                depth -= 1
                if depth == 0 { return position }
            }
            position += 1
        }
        return nil
    }

    /// The statements of the run: split at `;` and at line starts outside brackets, except where the line
    /// continues an expression (it starts with `.`, or the line before ends with an operator, `,`, `(` or `=`).
    var statements: [TokenRun] {
        var result: [TokenRun] = []
        var depth = 0
        var start = tokens.startIndex
        for position in tokens.indices {
            let token = tokens[position]
            if depth == 0 && position > start && token.startsLine && !continues(at: position) {
                result.append(sub(start..<position))
                start = position
            }
            if token.isPunctuation("(") || token.isPunctuation("[") || token.isPunctuation("{") { depth += 1 }
            if token.isPunctuation(")") || token.isPunctuation("]") || token.isPunctuation("}") {
                depth = max(0, depth - 1)
            }
            if depth == 0 && token.isPunctuation(";") {
                if position > start { result.append(sub(start..<position)) }
                start = position + 1
            }
        }
        if start < tokens.endIndex { result.append(sub(start..<tokens.endIndex)) }
        return result
    }

    private func continues(at position: Int) -> Bool {
        let token = tokens[position]
        if token.isPunctuation(".") || (token.kind == .operator && token.text != "!" && token.text != "&") {
            return true
        }
        if token.isIdentifier("else") || token.isIdentifier("catch") { return true }
        guard position > tokens.startIndex else { return false }
        let previous = tokens[position - 1]
        return previous.kind == .operator || previous.isPunctuation(",") || previous.isPunctuation("(")
            || previous.isPunctuation(".") || previous.isPunctuation(":")
    }

    /// The arguments of the call whose `(` is at `open`: each argument's label (if any) and value.
    func arguments(at open: Int) -> [(label: String?, value: TokenRun)] {
        guard let close = closing(from: open), close > open + 1 else { return [] }
        var result: [(String?, TokenRun)] = []
        var depth = 0
        var start = open + 1
        for position in (open + 1)...close {
            let token = tokens[position]
            let ends = position == close || (depth == 0 && token.isPunctuation(","))
            if ends {
                var value = sub(start..<position)
                var label: String?
                if let name = value.token(0), name.kind == .identifier, value.token(1)?.isPunctuation(":") == true {
                    label = name.text
                    value = sub((start + 2)..<position)
                }
                result.append((label, value))
                start = position + 1
                continue
            }
            if token.isPunctuation("(") || token.isPunctuation("[") || token.isPunctuation("{") { depth += 1 }
            if token.isPunctuation(")") || token.isPunctuation("]") || token.isPunctuation("}") { depth -= 1 }
        }
        return result
    }

    /// The run without a leading `self.`.
    var droppingSelf: TokenRun {
        starts(with: ["self", "."]) ? sub((tokens.startIndex + 2)..<tokens.endIndex) : self
    }

    /// The single identifier the run consists of (`self.` allowed), if it is one.
    var identifier: String? {
        let run = droppingSelf
        guard run.tokens.count == 1, let token = run.first, token.kind == .identifier else { return nil }
        return token.text
    }
}
