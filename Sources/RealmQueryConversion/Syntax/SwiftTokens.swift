import SwiftSourceSyntax

/// The tokens of a piece of Swift source, with operators the lexer splits (`>` `=`, `!` `=`, `..` `<`) joined again
/// when nothing separates them, and a way back to the source text.
struct SwiftTokens {
    let tokens: [Token]
    private let lexer: Lexer

    init(_ source: String) {
        lexer = Lexer.tokenize(source)
        var joined: [Token] = []
        for token in lexer.tokens {
            if token.kind == .operator, var last = joined.last, last.kind == .operator, last.end == token.start,
                ["!", "<", ">", "=", ".."].contains(last.text), ["=", "<"].contains(token.text),
                !(last.text == "=" && token.text == "<")
            {
                last.text += token.text
                last.end = token.end
                joined[joined.count - 1] = last
            } else {
                joined.append(token)
            }
        }
        tokens = joined
    }

    /// The source text of tokens `from...to`.
    func text(_ from: Int, _ to: Int) -> String {
        guard tokens.indices.contains(from), tokens.indices.contains(to), from <= to else { return "" }
        return lexer.text(from: tokens[from].start, to: tokens[to].end)
    }

    /// The index of the token closing the bracket opened at `open` (`(`, `[`, `{`), or `nil` when unbalanced.
    func closing(_ open: Int) -> Int? { tokens.closingBracket(of: open) }

    /// One argument of a call: its label and the token range of its value.
    struct Argument {
        var label: String?
        var range: ClosedRange<Int>
    }

    /// The arguments between the brackets at `open` and `close` (exclusive), split at top-level commas.
    func arguments(_ open: Int, _ close: Int) -> [Argument] {
        var result: [Argument] = []
        var start = open + 1
        var index = open + 1
        var depth = 0
        while index <= close {
            let token = tokens[index]
            if token.kind == .punctuation, ["(", "[", "{"].contains(token.text) { depth += 1 }
            if token.kind == .punctuation, [")", "]", "}"].contains(token.text) { depth -= 1 }
            if (index == close || (depth == 0 && token.isPunctuation(","))) && start < index {
                var label: String?
                var valueStart = start
                if index - start >= 2, tokens[start].kind == .identifier, tokens[start + 1].isPunctuation(":") {
                    label = tokens[start].text
                    valueStart = start + 2
                }
                if valueStart < index { result.append(Argument(label: label, range: valueStart...(index - 1))) }
                start = index + 1
            }
            index += 1
        }
        return result
    }
}
