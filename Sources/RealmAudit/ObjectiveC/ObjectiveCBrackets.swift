import ObjectiveCSourceSyntax

/// A file's tokens with each bracket's partner found once (`(`, `[`, `{` with the next unmatched closer of any
/// kind, as the lexer's depth counts them), so reading nested messages stays linear however deep they go.
struct ObjectiveCBrackets: Sendable {
    /// The tokens.
    let tokens: [ObjectiveCToken]
    /// For each bracket token, its partner's index; -1 for other tokens and unmatched brackets.
    private let partners: [Int]

    /// Pairs the brackets of `tokens`.
    init(_ tokens: [ObjectiveCToken]) {
        var partners = [Int](repeating: -1, count: tokens.count)
        var open: [Int] = []
        for (index, token) in tokens.enumerated() {
            switch token.bracketDepthChange {
            case 1: open.append(index)
            case -1:
                if let opener = open.popLast() {
                    partners[opener] = index
                    partners[index] = opener
                }
            default: break
            }
        }
        self.tokens = tokens
        self.partners = partners
    }

    /// The closer of the opener at `open`, if the file has one.
    func close(of open: Int) -> Int? {
        guard partners.indices.contains(open), partners[open] > open else { return nil }
        return partners[open]
    }

    /// The opener of the closer at `close`, if the file has one.
    func open(of close: Int) -> Int? {
        guard partners.indices.contains(close), partners[close] >= 0, partners[close] < close else { return nil }
        return partners[close]
    }
}
