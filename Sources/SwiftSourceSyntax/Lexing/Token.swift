/// One token of Swift source: enough structure to find declarations, not a full Swift grammar.
package struct Token: Sendable, Equatable {
    package enum Kind: Sendable, Equatable {
        /// An identifier or keyword; backticks are removed from `text`.
        case identifier
        /// An integer literal (`42`, `0x2A`, `1_000`).
        case integerLiteral
        /// A floating-point literal (`1.5`, `2e3`).
        case floatLiteral
        /// A string literal of any kind; `text` holds the literal exactly as written, delimiters included.
        case stringLiteral
        /// One of `{ } ( ) [ ] , : ; @ .`.
        case punctuation
        /// An operator (`=`, `?`, `!`, `->`, `<`, `>`, `&&`…). `<`, `>`, `?`, `!` and `=` are always tokens of
        /// their own so that generic argument lists and optionals can be read.
        case `operator`
        /// A `#` keyword such as `#if`, `#else`, `#endif`, `#selector`; `text` includes the `#`.
        case poundKeyword
    }

    package var kind: Kind
    package var text: String
    /// 1-based line of the token's first character.
    package var line: Int
    /// Byte offsets of the token in the UTF-8 source.
    package var start: Int
    package var end: Int
    /// Whether a line break separates this token from the previous one.
    package var startsLine: Bool
    /// 1-based column (in bytes) of the token's first character.
    package var column: Int

    package func isPunctuation(_ character: String) -> Bool { kind == .punctuation && text == character }

    /// +1 for an opening bracket (`(`, `[`, `{`), −1 for a closing one, 0 for any other token.
    package var bracketDepthChange: Int {
        guard kind == .punctuation else { return 0 }
        switch text {
        case "(", "[", "{": return 1
        case ")", "]", "}": return -1
        default: return 0
        }
    }
    package func isOperator(_ symbol: String) -> Bool { kind == .operator && text == symbol }
    package func isIdentifier(_ word: String) -> Bool { kind == .identifier && text == word }
}

/// A comment found while lexing; kept for annotations such as `// carryover: deleteRule=cascade`.
package struct Comment: Sendable, Equatable {
    package var text: String
    package var line: Int
}

extension [Token] {
    /// The index of the token closing the bracket opened at `open` (`(`, `[`, `{`), or `nil` when unbalanced.
    package func closingBracket(of open: Int) -> Int? {
        var depth = 0
        var index = open
        while index < count {
            depth += self[index].bracketDepthChange
            if self[index].bracketDepthChange < 0 {
                if depth == 0 { return index }
                if depth < 0 { return nil }
            }
            index += 1
        }
        return nil
    }
}
