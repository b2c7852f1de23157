import SwiftSourceSyntax

/// One file being scanned: its tokens, its type declarations, and how to make a finding at a token.
struct ScanContext {
    let path: String
    let lexer: Lexer
    let navigator: TokenNavigator
    /// Every type declared in the file, outermost first.
    let types: [TypeDeclaration]

    var tokens: [Token] { navigator.tokens }

    /// The index of the first token starting at or after `offset` (binary search; tokens are in source order).
    func index(atOffset offset: Int) -> Int {
        var low = 0
        var high = tokens.count
        while low < high {
            let middle = (low + high) / 2
            if tokens[middle].start < offset { low = middle + 1 } else { high = middle }
        }
        return low
    }

    /// The index of a type declaration's keyword (`class`, `struct`…), or of its first token.
    func index(ofKeyword type: TypeDeclaration) -> Int {
        var index = self.index(atOffset: type.start)
        let first = index
        while let token = navigator[index], token.start < type.end {
            if token.kind == .identifier && token.text == type.kind.rawValue && token.line == type.line { return index }
            index += 1
        }
        return first
    }

    /// The innermost type declaration holding byte `offset`.
    func enclosingType(ofOffset offset: Int) -> TypeDeclaration? {
        var best: TypeDeclaration?
        for type in types where type.start <= offset && offset < type.end {
            if best.map({ type.start >= $0.start && type.end <= $0.end }) ?? true { best = type }
        }
        return best
    }

    /// A finding of `api` at the token at `index`, inside `type` when known (otherwise the innermost type).
    func finding(
        _ api: RealmAPI, at index: Int, within type: TypeDeclaration? = nil, inference: String? = nil,
        effort: RealmAuditEffort? = nil
    ) -> RealmAuditFinding {
        let token = navigator[index] ?? navigator[tokens.count - 1]
        let offset = token?.start ?? 0
        let enclosing = type ?? enclosingType(ofOffset: offset)
        return RealmAuditFinding(
            file: path, line: token?.line ?? 1, column: token?.column ?? 1, category: api.category, api: api.rawValue,
            sourceLine: lexer.lineText(containing: offset).trimmingWhitespace, equivalent: api.equivalent,
            effort: effort ?? api.effort, convertedBy: api.conversion, inference: inference, query: nil,
            enclosingType: enclosing.map {
                RealmAuditEnclosingType(
                    kind: $0.kind.rawValue, name: $0.name, line: $0.line,
                    range: RealmAuditSourceRange(text: "", startOffset: $0.start, endOffset: $0.end))
            })
    }

    /// The source text between two token indices (inclusive).
    func text(fromToken first: Int, throughToken last: Int) -> RealmAuditSourceRange {
        let start = navigator[first]?.start ?? 0
        let end = navigator[last]?.end ?? start
        return RealmAuditSourceRange(text: lexer.text(from: start, to: end), startOffset: start, endOffset: end)
    }
}

extension String {
    /// The text without leading and trailing spaces and tabs.
    var trimmingWhitespace: String {
        let characters = Substring(self).drop { $0 == " " || $0 == "\t" }
        var end = characters.endIndex
        while end > characters.startIndex {
            let before = characters.index(before: end)
            guard characters[before] == " " || characters[before] == "\t" else { break }
            end = before
        }
        return String(characters[..<end])
    }
}
