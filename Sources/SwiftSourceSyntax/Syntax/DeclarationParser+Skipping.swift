/// Skipping what the declaration parser does not model: balanced runs, bodies, expressions, statements.
extension DeclarationParser {
    /// The external labels of the parameter list at the current `(`; consumes the list.
    package mutating func parameterLabels() -> [String] {
        var labels: [String] = []
        var depth = 0
        var expectLabel = true
        while let token = current {
            if token.isPunctuation("(") || token.isPunctuation("[") || token.isOperator("<") {
                depth += 1
                if depth == 1 { expectLabel = true }
            } else if token.isPunctuation(")") || token.isPunctuation("]") || token.isOperator(">") {
                depth -= 1
                if depth == 0 {
                    index += 1
                    break
                }
            } else if depth == 1 && token.isPunctuation(",") {
                expectLabel = true
            } else if depth == 1 && expectLabel && token.kind == .identifier {
                labels.append(token.text)
                expectLabel = false
            }
            index += 1
        }
        return labels
    }

    /// Skips a parenthesised, bracketed or braced run starting at the current opening token.
    package mutating func skipBalanced() {
        var depth = 0
        while let token = current {
            if token.isPunctuation("(") || token.isPunctuation("[") || token.isPunctuation("{") { depth += 1 }
            if token.isPunctuation(")") || token.isPunctuation("]") || token.isPunctuation("}") { depth -= 1 }
            index += 1
            if depth <= 0 { return }
        }
    }

    /// Skips a function body. When a top-level declaration keyword appears in column 1 before the body closes,
    /// the body's braces are unbalanced: stop there, report it, and let the caller resume.
    /// A `}` that starts a line at or left of the declaration's own column closes the declaration even when
    /// braces inside the body are unbalanced: code is indented, so that brace is where the author closed it.
    package mutating func skipBody(of keyword: Token, name: String, column: Int) {
        var depth = 0
        while let token = current {
            if depth > 1, token.isPunctuation("}"), token.startsLine, token.column <= column {
                problems.append(
                    (
                        keyword.line,
                        "the body of '\(name)' has unbalanced braces (closed by the '}' on line \(token.line))"
                    ))
                index += 1
                return
            }
            if depth > 0, token.startsLine, token.column == 1, token.kind == .identifier,
                ["class", "struct", "enum", "extension", "protocol", "import", "final", "public", "actor"].contains(
                    token.text)
            {
                problems.append(
                    (keyword.line, "the body of '\(name)' is never closed: missing '}' (unbalanced braces)"))
                return
            }
            if token.isPunctuation("{") { depth += 1 }
            if token.isPunctuation("}") { depth -= 1 }
            index += 1
            if depth <= 0 { return }
        }
        problems.append((keyword.line, "the body of '\(name)' is never closed: missing '}' (unbalanced braces)"))
    }

    package mutating func skipAngleBrackets() {
        var depth = 0
        while let token = current {
            if token.isOperator("<") { depth += 1 }
            if token.isOperator(">") { depth -= 1 }
            index += 1
            if depth <= 0 { return }
        }
    }

    /// Skips an expression (an initializer or raw value) and returns its tokens. It ends at `,` `;` or a closing
    /// bracket at depth 0, at a property observer block, or where a new declaration starts on a new line.
    package mutating func skipExpression() -> [Token] {
        var collected: [Token] = []
        var depth = 0
        // Generic argument lists (`Map<String, Int>()`): a `<` glued to an identifier opens one.
        var angleDepth = 0
        while let token = current {
            if token.isOperator("<"), let previous = collected.last, previous.kind == .identifier,
                previous.end == token.start
            {
                angleDepth += 1
            } else if token.isOperator(">") && angleDepth > 0 {
                angleDepth -= 1
            }
            if depth == 0 {
                if token.isPunctuation(",") && angleDepth > 0 {
                    collected.append(token)
                    index += 1
                    continue
                }
                if token.isPunctuation(";") || token.isPunctuation(",") || token.isPunctuation("}")
                    || token.isPunctuation(")") || token.isPunctuation("]")
                {
                    break
                }
                if token.startsLine && !collected.isEmpty && startsDeclaration(token) { break }
                if token.kind == .poundKeyword && ["#if", "#elseif", "#else", "#endif"].contains(token.text) { break }
                if token.isPunctuation("{"),
                    peek(1)?.isIdentifier("willSet") == true || peek(1)?.isIdentifier("didSet") == true
                {
                    break
                }
            }
            if token.isPunctuation("(") || token.isPunctuation("[") || token.isPunctuation("{") { depth += 1 }
            if token.isPunctuation(")") || token.isPunctuation("]") || token.isPunctuation("}") { depth -= 1 }
            collected.append(token)
            index += 1
        }
        return collected
    }

    /// Skips a tuple pattern binding from its `(`: the pattern, an optional `: Type` and an optional `= value`.
    package mutating func skipTuplePattern() {
        skipBalanced()
        if current?.isPunctuation(":") == true {
            index += 1
            var parser = TypeParser(tokens: tokens[index...])
            _ = parser.parseType()
            index = max(index, parser.index)
        }
        if current?.isOperator("=") == true {
            index += 1
            _ = skipExpression()
        }
    }

    /// Skips a statement or a declaration this parser does not model (`typealias`, `import`, stray code).
    package mutating func skipStatement() {
        var depth = 0
        var consumed = 0
        while let token = current {
            if depth == 0 {
                if token.isPunctuation(";") || token.isPunctuation("}") { return }
                if consumed > 0 && token.startsLine && startsDeclaration(token) { return }
            }
            if token.isPunctuation("(") || token.isPunctuation("[") || token.isPunctuation("{") { depth += 1 }
            if token.isPunctuation(")") || token.isPunctuation("]") || token.isPunctuation("}") { depth -= 1 }
            index += 1
            consumed += 1
        }
    }
}
