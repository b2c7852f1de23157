import SwiftSourceSyntax

/// Closure parameters no declaration types (the function they are passed to is another package's:
/// `database.fetchResults(ofType: File.self) { lazyCollection in … }`) recognised as a Realm collection of a model
/// by the call's shape, as a reader does: the call names a model of the module as an argument (`File.self`), the
/// parameter is the closure's first, and the chain on it takes a step only Realm has (`filter` with a predicate
/// format, a format and its arguments or an `NSPredicate`; `sorted(byKeyPath:)`, `sorted(by:ascending:)` or
/// `sorted(by: [SortDescriptor…])`; `distinct(by: […])`, `where { }`, `freeze()`, `thaw()`). A Swift `filter { }` or
/// a key-path `sorted(by:)` says nothing.
extension ExpressionScanner {
    /// The Realm collection the closure parameter at `index` (a name, or `$0`) is, when the call shape says so.
    func shapedQueryParameter(at index: Int) -> Receiver? {
        guard let token = navigator[index], token.kind == .identifier, navigator.isPunctuation(index + 1, ".") else {
            return nil
        }
        var brace: Int
        if token.text == "$0" {
            var enclosing = kinds.enclosingBracket(of: index)
            while let bracket = enclosing, !navigator.isPunctuation(bracket, "{") {
                enclosing = kinds.enclosingBracket(of: bracket)
            }
            guard let enclosing else { return nil }
            brace = enclosing
        } else {
            guard let parameter = kinds.closureParameter(token.text, at: token.start), parameter.position == 0 else {
                return nil
            }
            brace = parameter.brace
        }
        // `fetch(ofType: File.self) { … }` (trailing) or `fetch(ofType: File.self, filtering: { … })`.
        let isTrailing = navigator.isPunctuation(brace - 1, ")")
        let open = isTrailing ? navigator.partner(of: brace - 1) : kinds.enclosingBracket(of: brace)
        guard let open, navigator.isCallParenthesis(open), let callee = navigator[open - 1],
            let (label, model) = modelArgument(ofCallAt: open), let step = realmOnlyStep(after: index)
        else { return nil }
        let call = "\(callee.text)(\(label.map { "\($0): " } ?? "")\(model).self)"
        return Receiver(
            kind: .realmCollection,
            inference:
                "receiver recognised by the call shape: '\(token.text)' is the closure parameter of \(call), and \(step)",
            element: model)
    }

    /// The model class an argument of the call at `open` names as a type (`ofType: File.self`), and its label.
    private func modelArgument(ofCallAt open: Int) -> (label: String?, model: String)? {
        guard let close = navigator.partner(of: open) else { return nil }
        var index = open + 1
        while index < close, let token = navigator[index] {
            // A whole argument: `File.self` after `(`, `,` or a label's `:`, up to `,` or `)`.
            let isLabelled = navigator.isPunctuation(index - 1, ":")
            let startsArgument = index == open + 1 || navigator.isPunctuation(index - 1, ",") || isLabelled
            if startsArgument, token.kind == .identifier, kinds.modelClasses.contains(token.text),
                navigator.isPunctuation(index + 1, "."), navigator.isIdentifier(index + 2, "self"),
                navigator.isPunctuation(index + 3, ",") || index + 3 == close
            {
                return (isLabelled ? navigator[index - 2]?.text : nil, token.text)
            }
            if let partner = navigator.partner(of: index), partner > index { index = partner }
            index += 1
        }
        return nil
    }

    /// How the chain on the name at `index` shows itself Realm's: the first of its steps only Realm has.
    private func realmOnlyStep(after index: Int) -> String? {
        var dot = index + 1
        while navigator.isPunctuation(dot, "."), let name = navigator[dot + 1], name.kind == .identifier {
            let member = dot + 1
            if isSwiftClosureStep(member) { return nil }
            if let shape = realmOnlyShape(of: member) { return shape }
            guard Self.chainSteps.contains(name.text) else { return nil }
            dot = navigator.step(at: member).next
        }
        return nil
    }

    /// What makes the step at `member` Realm's, if anything does.
    private func realmOnlyShape(of member: Int) -> String? {
        guard let name = navigator[member] else { return nil }
        let open = member + 1
        let isCall = navigator.isCallParenthesis(open)
        let labels = isCall ? navigator.labels(ofCallAt: open) : []
        let first = isCall ? navigator.firstArgument(ofCallAt: open).flatMap { navigator[$0] } : nil
        switch name.text {
        case "filter" where labels.first == "_":
            if let first, first.kind == .stringLiteral, Self.isPredicateFormat(first.text) {
                return "its filter(_:) takes a predicate format"
            }
            if first?.isIdentifier("NSPredicate") == true || isPredicateName(argumentOfCallAt: open) {
                return "its filter(_:) takes an NSPredicate"
            }
            return Self.isFormatWithArguments(labels, first) ? "its filter(_:) takes a format and its arguments" : nil
        case "sorted" where labels.first == "byKeyPath":
            return "it is sorted by sorted(byKeyPath:)"
        case "sorted" where labels.first == "by" && labels.contains("ascending"):
            return "it is sorted by sorted(by:ascending:)"
        case "sorted" where labels.first == "by" && first?.isPunctuation("[") == true:
            return "its sorted(by:) takes sort descriptors"
        case "distinct" where labels.first == "by" && first?.isPunctuation("[") == true:
            return "its distinct(by:) takes key paths"
        case "where" where navigator.isPunctuation(open, "{") || first?.isPunctuation("{") == true:
            return "it is queried by where { }"
        case "freeze", "thaw":
            return isCall && navigator.isPunctuation(open + 1, ")") ? "its \(name.text)() is Realm's" : nil
        default:
            return nil
        }
    }

    /// Whether a string literal reads as an `NSPredicate` format: a comparison, an operator word or a format
    /// argument (`"id == %@"`, `"name BEGINSWITH 'a'"`, `"uploadDate = nil"`).
    static func isPredicateFormat(_ literal: String) -> Bool {
        let text = literal.uppercased()
        if ["=", "<", ">", "%@", "%K", "%D", "%I", "%F"].contains(where: text.contains) { return true }
        let words = text.split { !$0.isLetter }
        return words.contains {
            [
                "IN", "BEGINSWITH", "ENDSWITH", "CONTAINS", "LIKE", "MATCHES", "ANY", "ALL", "NONE", "SUBQUERY",
                "BETWEEN", "TRUEPREDICATE", "FALSEPREDICATE",
            ].contains(String($0))
        }
    }
}
