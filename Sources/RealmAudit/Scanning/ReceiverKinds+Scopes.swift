import SwiftSourceSyntax

/// Where a name's declaration is visible, where an initializer ends, and what a closure's parameter written without
/// a type refers to at a use.
extension ReceiverKinds {
    /// The last token of the initializer expression starting at `start`, when it ends the line (and the next line
    /// does not go on with `.member`), a `,` or `else` (`if let x = a.b(), …`, `guard let x = f() else`) or a `{`
    /// that opens a body: a member chain or a call.
    static func initializerEnd(from start: Int, _ navigator: TokenNavigator) -> Int? {
        var cursor = start
        while let opening = navigator[cursor], cursor - start < 200 {
            if opening.isPunctuation("{") { return nil }
            // A bracketed run (`(…)`, `[…]`) is passed whole: the token that may end the expression is its closer.
            if let partner = navigator.partner(of: cursor), partner > cursor { cursor = partner }
            guard let token = navigator[cursor] else { return nil }
            let next = navigator[cursor + 1]
            let ends =
                next == nil || (next?.startsLine == true && next?.isPunctuation(".") == false)
                || next?.isPunctuation(",") == true
                || next?.isIdentifier("else") == true || next?.isPunctuation("{") == true
                || next?.isPunctuation(";") == true
            if ends {
                let isChainEnd =
                    token.kind == .identifier || token.isPunctuation(")") || token.isOperator("?")
                    || token.isOperator("!")
                return isChainEnd ? cursor : nil
            }
            cursor += 1
        }
        return nil
    }

    /// The entry of `entries` whose scope holds byte `offset` and starts last (the innermost), unless a typed
    /// declaration of `name` in a scope inside it hides it.
    func innermost<Entry>(_ entries: [Entry]?, scope: (Entry) -> Range<Int>, of name: String, at offset: Int) -> Entry?
    {
        guard
            let entry = entries?.filter({ scope($0).contains(offset) })
                .max(by: { scope($0).lowerBound < scope($1).lowerBound })
        else { return nil }
        if let declared = scopedDeclaration(name, at: offset, viaSelf: false),
            declared.scope.lowerBound > scope(entry).lowerBound
        {
            return nil
        }
        return entry
    }

    /// The closure whose parameter written without a type is the name `name` used at byte `offset` (the innermost
    /// such closure holding it): the index of its `{` and the parameter's position. `nil` when a declaration inside
    /// that closure hides the parameter.
    func closureParameter(_ name: String, at offset: Int) -> (brace: Int, position: Int)? {
        guard let parameter = innermost(closureParameters[name], scope: { $0.scope }, of: name, at: offset) else {
            return nil
        }
        if bindings[name]?.contains(where: {
            $0.scope.contains(offset) && $0.scope.lowerBound > parameter.scope.lowerBound
        }) == true {
            return nil
        }
        return (parameter.brace, parameter.position)
    }

    /// For each token, the index of the innermost bracket (`(`, `[`, `{`) holding it, `-1` at top level.
    static func enclosingBrackets(_ navigator: TokenNavigator) -> [Int] {
        var result = [Int](repeating: -1, count: navigator.tokens.count)
        var open: [Int] = []
        for (index, token) in navigator.tokens.enumerated() {
            while let last = open.last, let close = navigator.partner(of: last), close < index { open.removeLast() }
            result[index] = open.last ?? -1
            if token.kind == .punctuation, ["(", "[", "{"].contains(token.text), navigator.partner(of: index) != nil {
                open.append(index)
            }
        }
        return result
    }

    /// Where the declaration of the name at `index` is visible: a parameter in the body after its parameter list,
    /// anything else in the braces that hold it, or the whole file.
    static func scope(ofDeclarationAt index: Int, _ navigator: TokenNavigator, _ enclosing: [Int]) -> Range<Int> {
        var bracket = enclosing[index]
        if bracket >= 0, navigator.isPunctuation(bracket, "("), let close = navigator.partner(of: bracket) {
            // `func f(config: Config) throws -> T {`: the body follows the parameter list.
            var cursor = close + 1
            while let token = navigator[cursor], cursor - close < 64 {
                if token.isPunctuation("{"), let end = navigator.partner(of: cursor) {
                    return token.start..<(navigator[end]?.end ?? Int.max)
                }
                if token.isPunctuation("}") || token.isPunctuation(";") || token.isOperator("=") { break }
                if let partner = navigator.partner(of: cursor), partner > cursor { cursor = partner }
                cursor += 1
            }
        }
        while bracket >= 0, !navigator.isPunctuation(bracket, "{") { bracket = enclosing[bracket] }
        guard bracket >= 0, let open = navigator[bracket], let close = navigator.partner(of: bracket) else {
            return 0..<Int.max
        }
        return open.start..<(navigator[close]?.end ?? Int.max)
    }
}
