import SwiftSourceSyntax

/// How a name written without a type takes one from an expression at a use.
enum BindingForm: Sendable, Equatable {
    /// `let file = try await manager.rename(…)`: the expression's value.
    case value
    /// `let (item, file) = try store.perform(request: …)`: the element at this position of the tuple it gives.
    case tupleElement(Int)
    /// `for item in items`: an element of the sequence.
    case element
}

/// A name bound without a type: where it is visible (byte offsets), the last token of the expression that types
/// it, and how.
struct Binding: Sendable {
    var scope: Range<Int>
    var end: Int
    var form: BindingForm
}

/// Names bound by a pattern from an expression: a tuple pattern's names (`let (item, file) = …`) and a loop's
/// variable (`for item in items { … }`).
extension ReceiverKinds {
    /// The binding of `name` visible at byte `offset` (the innermost), unless a typed declaration in a scope inside
    /// it hides it.
    func binding(of name: String, at offset: Int) -> Binding? {
        innermost(bindings[name], scope: \.scope, of: name, at: offset)
    }

    /// What an element named `element` of a typed collection is: a model object, a Realm type's value, or another
    /// type of the module (whose members its declarations give).
    func elementType(named element: String) -> NameType {
        let kind: ReceiverKind =
            switch element {
            case _ where modelClasses.contains(element): .modelObject
            case "NotificationToken", "RLMNotificationToken": .notificationToken
            case "Realm", "RLMRealm": .realm
            default: .other
            }
        return NameType(kind: kind, typeName: element)
    }

    /// The names the pattern starting at `index` binds: `let (a, b) = …` / `var (a, b) = …`, or `for a in …`.
    static func patternBindings(at index: Int, _ navigator: TokenNavigator, _ enclosing: [Int]) -> [(String, Binding)] {
        guard let token = navigator[index], token.kind == .identifier else { return [] }
        switch token.text {
        case "let", "var": return tupleBindings(at: index, navigator, enclosing)
        case "for": return loopBinding(at: index, navigator).map { [$0] } ?? []
        default: return []
        }
    }

    /// `let (item, file) = try store.perform(…)`: each name (not `_`) with its position, when the pattern holds
    /// plain names only and the initializer ends as `initializerEnd(from:_:)` reads it.
    private static func tupleBindings(at index: Int, _ navigator: TokenNavigator, _ enclosing: [Int])
        -> [(String, Binding)]
    {
        let open = index + 1
        guard navigator.isPunctuation(open, "("), let close = navigator.partner(of: open), close > open + 1,
            navigator[close + 1]?.isOperator("=") == true, let end = initializerEnd(from: close + 2, navigator)
        else { return [] }
        var names: [(String, Binding)] = []
        var position = 0
        var cursor = open + 1
        while cursor < close {
            guard let name = navigator[cursor], name.kind == .identifier,
                cursor + 1 == close || navigator.isPunctuation(cursor + 1, ",")
            else { return [] }
            if name.text != "_" {
                let scope = Self.scope(ofDeclarationAt: cursor, navigator, enclosing)
                names.append((name.text, Binding(scope: scope, end: end, form: .tupleElement(position))))
            }
            position += 1
            cursor += 2
        }
        return names
    }

    /// `for item in items {` (or `… where condition {`): the variable, visible in the loop's body, and the last
    /// token of the sequence.
    private static func loopBinding(at index: Int, _ navigator: TokenNavigator) -> (String, Binding)? {
        var variable = index + 1
        // `for try await item in stream`.
        while navigator.isIdentifier(variable, "try") || navigator.isIdentifier(variable, "await") { variable += 1 }
        guard let name = navigator[variable], name.kind == .identifier, name.text != "_",
            navigator.isIdentifier(variable + 1, "in")
        else { return nil }
        let start = variable + 2
        var cursor = start
        var sequenceEnd: Int?
        while let token = navigator[cursor], cursor - start < 200 {
            if token.isIdentifier("where"), sequenceEnd == nil { sequenceEnd = cursor - 1 }
            if token.isPunctuation("{") {
                guard let close = navigator.partner(of: cursor), let body = navigator[close] else { return nil }
                let end = sequenceEnd ?? cursor - 1
                guard end >= start else { return nil }
                return (name.text, Binding(scope: token.start..<body.end, end: end, form: .element))
            }
            // A bracketed run (`(…)`, `[…]`) is passed whole.
            if let partner = navigator.partner(of: cursor), partner > cursor { cursor = partner }
            cursor += 1
        }
        return nil
    }
}
