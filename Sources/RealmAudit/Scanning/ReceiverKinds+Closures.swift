import SwiftSourceSyntax

/// The parameters a closure declares in its header (`{ session in`, `{ [weak self] a, b in`, `{ (a, b) throws in`),
/// which the declaration of the function it is passed to types.
extension ReceiverKinds {
    /// The parameter names of the closure opened by the `{` at `brace`, in order, or `nil` when it has no
    /// parameter header. A parameter written with its type (`(realm: Realm)`), or `_`, is `nil`: its declaration
    /// types it, or it has no name.
    static func closureParameterNames(at brace: Int, _ navigator: TokenNavigator) -> [String?]? {
        var index = brace + 1
        // A capture list: `[weak self, store]`.
        if navigator.isPunctuation(index, "["), let close = navigator.partner(of: index) { index = close + 1 }
        var names: [String?] = []
        if navigator.isPunctuation(index, "("), let close = navigator.partner(of: index) {
            var start = index + 1
            var cursor = index + 1
            while cursor <= close {
                if cursor == close || navigator.isPunctuation(cursor, ",") {
                    guard let name = navigator[start], name.kind == .identifier, start < cursor else { return nil }
                    let isTyped = (start..<cursor).contains { navigator.isPunctuation($0, ":") }
                    names.append(isTyped || name.text == "_" ? nil : name.text)
                    start = cursor + 1
                }
                if cursor != index, let partner = navigator.partner(of: cursor), partner > cursor, partner < close {
                    cursor = partner
                }
                cursor += 1
            }
            index = close + 1
        } else {
            while let name = navigator[index], name.kind == .identifier, name.text != "in" {
                names.append(name.text == "_" ? nil : name.text)
                index += 1
                guard navigator.isPunctuation(index, ",") else { break }
                index += 1
            }
            guard !names.isEmpty else { return nil }
        }
        return isClosureHeaderEnd(at: index, navigator) ? names : nil
    }

    /// Whether `in` comes at `index`, or after effects and a result type on the same line
    /// (`throws -> Bool in`).
    private static func isClosureHeaderEnd(at start: Int, _ navigator: TokenNavigator) -> Bool {
        guard let first = navigator[start] else { return false }
        if first.isIdentifier("in") { return true }
        guard ["async", "throws", "rethrows"].contains(first.text) || first.isOperator("->") else { return false }
        var index = start + 1
        while let token = navigator[index], index - start < 32, !token.startsLine {
            if token.isIdentifier("in") { return true }
            if token.isPunctuation("{") || token.isPunctuation("}") || token.isPunctuation(";") { return false }
            index += 1
        }
        return false
    }
}
