/// One token of Objective-C source: enough structure to read declarations (interfaces, properties, class methods),
/// not a C grammar.
package struct ObjectiveCToken: Sendable, Equatable {
    /// What the token is.
    package enum Kind: Sendable, Equatable {
        /// An identifier or C keyword (`NSString`, `nonatomic`, `return`).
        case identifier
        /// A number literal as written (`42`, `0x2A`, `1.5f`).
        case number
        /// A C string literal (`"text"`), delimiters included.
        case string
        /// An Objective-C string literal (`@"text"`), `@` and delimiters included.
        case objectString
        /// A character literal (`'a'`).
        case character
        /// `@` and a word: `@interface`, `@property`, `@end`, `@YES`.
        case atKeyword
        /// One character of punctuation or an operator (`{`, `*`, `<`, `:`, `@`).
        case punctuation
        /// A whole preprocessor line (`#ifdef DEBUG`, its continuation lines joined), comments removed.
        case directive
    }

    /// What the token is.
    package var kind: Kind
    /// The token as written (for a directive: the whole line, continuations joined with a space).
    package var text: String
    /// The 1-based line of its first character.
    package var line: Int

    /// Creates a token.
    package init(kind: Kind, text: String, line: Int) {
        self.kind = kind
        self.text = text
        self.line = line
    }

    /// Whether this is the punctuation `character`.
    package func isPunctuation(_ character: String) -> Bool { kind == .punctuation && text == character }

    /// Whether this is the identifier `word`.
    package func isIdentifier(_ word: String) -> Bool { kind == .identifier && text == word }

    /// +1 for an opening bracket (`(`, `[`, `{`), −1 for a closing one, 0 for any other token.
    package var bracketDepthChange: Int {
        guard kind == .punctuation else { return 0 }
        switch text {
        case "(", "[", "{": return 1
        case ")", "]", "}": return -1
        default: return 0
        }
    }

    /// For a directive, its keyword (`#ifdef` for `#  ifdef DEBUG`); `nil` for other tokens.
    package var directiveKeyword: String? {
        guard kind == .directive else { return nil }
        let body = text.dropFirst().drop { $0 == " " || $0 == "\t" }
        return "#" + body.prefix { $0.isLetter || $0.isNumber || $0 == "_" }
    }

    /// For a directive, what follows its keyword, trimmed (`DEBUG` for `#ifdef DEBUG`).
    package var directiveArgument: String {
        guard let keyword = directiveKeyword else { return "" }
        let body = text.dropFirst().drop { $0 == " " || $0 == "\t" }.dropFirst(keyword.count - 1)
        return body.trimmed(of: [" ", "\t"])
    }
}

extension StringProtocol {
    /// The string without leading and trailing characters of `set` (Foundation-free).
    fileprivate func trimmed(of set: Set<Character>) -> String {
        var text = Substring(self)
        while let first = text.first, set.contains(first) { text = text.dropFirst() }
        while let last = text.last, set.contains(last) { text = text.dropLast() }
        return String(text)
    }
}
