/// One call in a manifest written in Swift (`.target(name: …)` in `Package.swift`, `Target(…)` in Tuist's
/// `Project.swift`): its argument list, from its `(` to just past its `)`, and the string literals of its arguments.
struct ManifestCall {
    let tokens: [Token]
    let open: Int
    /// The index just past the closing parenthesis.
    let end: Int

    init?(tokens: [Token], open: Int) {
        guard let closing = tokens.closingBracket(of: open) else { return nil }
        self.tokens = tokens
        self.open = open
        self.end = closing + 1
    }

    /// The range of tokens of the argument labelled `label` (at the call's own depth).
    func argument(_ label: String) -> Range<Int>? {
        var depth = 0
        var index = open + 1
        while index < end - 1 {
            let token = tokens[index]
            depth += token.bracketDepthChange
            if depth == 0, token.isIdentifier(label), index + 1 < end, tokens[index + 1].isPunctuation(":") {
                var stop = index + 2
                var inner = 0
                while stop < end - 1 {
                    inner += tokens[stop].bracketDepthChange
                    if inner == 0, tokens[stop].isPunctuation(",") { break }
                    stop += 1
                }
                return (index + 2)..<stop
            }
            index += 1
        }
        return nil
    }

    /// The plain string literals of the argument `label` (one, or an array's).
    func strings(_ label: String) -> [String] {
        guard let range = argument(label) else { return [] }
        return tokens[range].filter { $0.kind == .stringLiteral }.compactMap { Self.plain($0.text) }
    }

    /// The target and product names of the `dependencies:` argument (string literals alone or labelled by one of
    /// `labels`): `"A"`, `.target(name: "A")`,
    /// `.byName(name: "A")`, `.product(name: "A", package: …)`.
    func dependencyNames(labels: Set<String> = ["name"]) -> [String] {
        guard let range = argument("dependencies") else { return [] }
        var names: [String] = []
        var index = range.lowerBound
        while index < range.upperBound {
            let token = tokens[index]
            if token.kind == .stringLiteral {
                let labelled = index >= 2 && tokens[index - 1].isPunctuation(":")
                let label = labelled ? tokens[index - 2].text : "name"
                if labels.contains(label), let name = Self.plain(token.text) { names.append(name) }
            }
            index += 1
        }
        return names
    }

    /// The text of a one-line string literal without its quotes, when it has no interpolation.
    static func plain(_ literal: String) -> String? {
        guard literal.count >= 2, literal.hasPrefix("\""), literal.hasSuffix("\""), !literal.hasPrefix("\"\"\""),
            !literal.contains("\\(")
        else { return nil }
        return String(literal.dropFirst().dropLast())
    }
}
