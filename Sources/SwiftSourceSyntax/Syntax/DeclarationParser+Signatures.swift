/// Reading function signatures: parameters, effects and the result type.
extension DeclarationParser {
    /// The parameters in `list`, the tokens between a parameter list's parentheses.
    package func readParameters(_ list: ArraySlice<Token>) -> [FunctionParameter] {
        var segments: [ArraySlice<Token>] = []
        var depth = 0
        var segmentStart = list.startIndex
        for position in list.indices {
            let token = list[position]
            if token.isPunctuation("(") || token.isPunctuation("[") || token.isPunctuation("{") { depth += 1 }
            if token.isPunctuation(")") || token.isPunctuation("]") || token.isPunctuation("}") { depth -= 1 }
            if depth == 0 && token.isPunctuation(",") {
                segments.append(list[segmentStart..<position])
                segmentStart = position + 1
            }
        }
        if segmentStart < list.endIndex { segments.append(list[segmentStart..<list.endIndex]) }
        return segments.compactMap(readParameter)
    }

    private func readParameter(_ segment: ArraySlice<Token>) -> FunctionParameter? {
        guard let colon = segment.firstIndex(where: { $0.isPunctuation(":") }) else { return nil }
        let names = segment[segment.startIndex..<colon].filter { $0.kind == .identifier }.map(\.text)
        guard let name = names.last, let label = names.first else { return nil }
        var typeEnd = segment.endIndex
        var depth = 0
        for position in (colon + 1)..<segment.endIndex {
            let token = segment[position]
            if token.isPunctuation("(") || token.isPunctuation("[") || token.isOperator("<") { depth += 1 }
            if token.isPunctuation(")") || token.isPunctuation("]") || token.isOperator(">") { depth -= 1 }
            if depth == 0 && token.isOperator("=") {
                typeEnd = position
                break
            }
        }
        let typeTokens = segment[(colon + 1)..<typeEnd]
        guard let first = typeTokens.first, let last = typeTokens.last else { return nil }
        var bare = typeTokens.startIndex
        while bare < typeTokens.endIndex {
            if typeTokens[bare].isPunctuation("@") {
                bare += 2
            } else if typeTokens[bare].isIdentifier("inout") || typeTokens[bare].isIdentifier("sending")
                || typeTokens[bare].isIdentifier("borrowing") || typeTokens[bare].isIdentifier("consuming")
            {
                bare += 1
            } else {
                break
            }
        }
        var typeParser = TypeParser(tokens: typeTokens[min(bare, typeTokens.endIndex)...])
        let type = typeParser.parseType()
        let defaultTokens = typeEnd < segment.endIndex ? segment[(typeEnd + 1)..<segment.endIndex] : []
        return FunctionParameter(
            label: label, name: name, typeText: lexer.text(from: first.start, to: last.end),
            type: typeParser.index == typeTokens.endIndex ? type : nil,
            defaultText: defaultTokens.first.map { lexer.text(from: $0.start, to: defaultTokens.last?.end ?? $0.end) })
    }

    /// What follows a parameter list up to the body: its text, the effects before `->` and the result type after it
    /// (up to a `where` clause).
    func signature(_ tail: ArraySlice<Token>) -> (text: String, effects: [String], resultType: String?) {
        let text = tail.first.map { lexer.text(from: $0.start, to: tail.last?.end ?? $0.end) } ?? ""
        let arrow = tail.firstIndex { $0.isOperator("->") }
        let effects = tail[tail.startIndex..<(arrow ?? tail.endIndex)].filter {
            $0.kind == .identifier && ["async", "throws", "rethrows"].contains($0.text)
        }.map(\.text)
        var resultType: String?
        if let arrow, arrow + 1 < tail.endIndex {
            let end = tail[(arrow + 1)...].firstIndex { $0.isIdentifier("where") } ?? tail.endIndex
            if end > arrow + 1 { resultType = lexer.text(from: tail[arrow + 1].start, to: tail[end - 1].end) }
        }
        return (text, effects, resultType)
    }
}
