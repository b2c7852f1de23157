import SwiftSourceSyntax

/// The parameter list of a closure as written after its `{`: `migration, oldSchemaVersion in`,
/// `(migration: Migration, oldSchemaVersion: UInt64) in`, `[weak self] old, new in`, `_, _ in`.
struct ClosureHeader {
    /// The parameters' names in order (`_` for an unnamed one).
    var names: [String]
    /// The index of the first token of the body (after `in`).
    var bodyStart: Int
    /// The `in` token, when the closure has a parameter list.
    var inToken: Int?

    /// The header of the closure whose `{` is at `open`; a closure with no `… in` has no names and its body starts
    /// after the brace (it uses `$0`, `$1`, or no parameters).
    init(open: Int, in run: TokenRun) {
        names = []
        bodyStart = open + 1
        inToken = nil
        let close = run.partner(of: open) ?? run.tokens.count
        var index = open + 1
        // A capture list.
        if run.isPunctuation(index, "["), let end = run.partner(of: index) { index = end + 1 }
        let listStart = index
        var found: Int?
        while index < close, index - listStart < 96, let token = run[index] {
            if token.isIdentifier("in") {
                found = index
                break
            }
            let allowed =
                token.kind == .identifier || token.isPunctuation(",") || token.isPunctuation(":")
                || token.isPunctuation("(") || token.isPunctuation(")") || token.isPunctuation("[")
                || token.isPunctuation("]") || token.isPunctuation(".") || token.isPunctuation("@")
                || token.kind == .operator && ["->", "<", ">", "?", "!"].contains(token.text)
            guard allowed, !["for", "let", "var", "if", "return", "case"].contains(token.text) else { break }
            index += 1
        }
        guard let found else { return }
        inToken = found
        bodyStart = found + 1
        names = Self.names(in: listStart..<found, of: run)
    }

    /// The parameter names of the list at `range`: the first identifier of each comma-separated part, ignoring
    /// enclosing parentheses and the result type.
    private static func names(in range: Range<Int>, of run: TokenRun) -> [String] {
        var lower = range.lowerBound
        var upper = range.upperBound
        // `(a, b) -> Void in`: the result type is not a parameter.
        if let arrow = range.first(where: { run.isOperator($0, "->") }) { upper = arrow }
        if run.isPunctuation(lower, "("), let close = run.partner(of: lower), close < upper {
            lower += 1
            upper = close
        }
        guard lower < upper else { return [] }
        var names: [String] = []
        var expectName = true
        var depth = 0
        for index in lower..<upper {
            guard let token = run[index] else { break }
            depth += token.bracketDepthChange
            if depth == 0 && token.isPunctuation(",") {
                expectName = true
            } else if expectName && token.kind == .identifier {
                names.append(token.text)
                expectName = false
            }
        }
        return names
    }
}
