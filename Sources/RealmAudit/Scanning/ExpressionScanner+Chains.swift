import SwiftSourceSyntax

/// Types of member chains from declarations: a name (the file's, or its module's), a member of a typed value
/// (`Current.realm`, `self.store.token`), a call's result (`Current.realm()`, `makeRealm()`), so a receiver
/// declared in another file or module is known.
extension ExpressionScanner {
    private static let chainDepthLimit = 8

    /// What the expression ending at the token at `end` is declared as, or `nil` when no declaration says.
    func declaredType(ofExpressionEndingAt end: Int) -> NameType? {
        declaredType(ofExpressionEndingAt: end, depth: 0)
    }

    private func declaredType(ofExpressionEndingAt end: Int, depth: Int) -> NameType? {
        guard depth < Self.chainDepthLimit, let token = navigator[end] else { return nil }
        if token.isOperator("?") || token.isOperator("!") {
            return declaredType(ofExpressionEndingAt: end - 1, depth: depth + 1)
        }
        if token.kind == .identifier {
            guard navigator.isPunctuation(end - 1, ".") else {
                if token.text == "self" {
                    return kinds.enclosingTypeName(at: token.start).map { NameType(kind: .other, typeName: $0) }
                }
                if let declared = kinds.declaredType(of: token.text, at: token.start) { return declared }
                // A type name: what follows is a static member.
                return token.text.first?.isUppercase == true ? NameType(kind: .other, typeName: token.text) : nil
            }
            guard let owner = declaredType(ofExpressionEndingAt: end - 2, depth: depth + 1)?.typeName else {
                return nil
            }
            return kinds.member(token.text, ofType: owner)?.value
        }
        guard token.isPunctuation(")"), let open = navigator.partner(of: end), navigator.isCallParenthesis(open),
            let callee = navigator[open - 1], callee.kind == .identifier
        else { return nil }
        // The overload the call's labels name, else the name's overloads merged.
        let fullName = callee.text + "(" + navigator.labels(ofCallAt: open).map { "\($0):" }.joined() + ")"
        guard navigator.isPunctuation(open - 2, ".") else {
            if let declared =
                (kinds.callable(fullName, at: callee.start) ?? kinds.callable(callee.text, at: callee.start))?
                .result
            {
                return declared
            }
            // An initializer: `Store(…)`.
            return callee.text.first?.isUppercase == true ? NameType(kind: .other, typeName: callee.text) : nil
        }
        guard let owner = declaredType(ofExpressionEndingAt: open - 3, depth: depth + 1)?.typeName else {
            return nil
        }
        return (kinds.member(fullName, ofType: owner) ?? kinds.member(callee.text, ofType: owner))?.result
    }
}
