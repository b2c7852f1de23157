import SwiftSourceSyntax

/// Types of member chains from declarations: a name (the file's, or its module's), a member of a typed value
/// (`Current.realm`, `self.store.token`), a call's result (`Current.realm()`, `makeRealm()`, or the type an argument
/// decides: `session.run(query: AllNotes())` declared `-> Q.Answer`), a closure's parameter (typed by the function
/// it is passed to), so a receiver declared in another file or module is known.
extension ExpressionScanner {
    private static let chainDepthLimit = 12

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
                if let parameter = closureParameterType(at: end, depth: depth + 1) { return parameter }
                // `let query = AllNotes(…)`, `let (note, tag) = …`, `for note in notes`: a name typed by the
                // expression that binds it (it hides a declaration of the name in a scope around it).
                if let binding = kinds.binding(of: token.text, at: token.start), binding.end < end,
                    let bound = boundType(binding, depth: depth + 1)
                {
                    return bound
                }
                if let declared = kinds.declaredType(of: token.text, at: token.start) { return declared }
                // A type name: what follows is a static member.
                return token.text.first?.isUppercase == true ? NameType(kind: .other, typeName: token.text) : nil
            }
            guard let owner = declaredType(ofExpressionEndingAt: end - 2, depth: depth + 1) else { return nil }
            if let name = owner.typeName, let member = kinds.member(token.text, ofType: name)?.value { return member }
            // `notes.first`, `items.last`: an element of the collection.
            guard ["first", "last"].contains(token.text), let element = owner.element,
                owner.kind == .realmCollection || owner.kind == .swiftCollection
            else { return nil }
            return kinds.elementType(named: element)
        }
        // `notes.filter { !$0.done }`: a Swift step's trailing closure.
        if token.isPunctuation("}"), let open = navigator.partner(of: end), navigator[open - 1]?.kind == .identifier {
            return steppedType(callee: open - 1, depth: depth)
        }
        guard token.isPunctuation(")"), let open = navigator.partner(of: end), navigator.isCallParenthesis(open),
            let callee = navigator[open - 1], callee.kind == .identifier
        else { return nil }
        let symbol = declaredCallee(at: open - 1, labels: navigator.labels(ofCallAt: open), depth: depth)
        if let binding = symbol?.resultFromArgument,
            let result = argumentResult(binding, ofCallAt: open, depth: depth + 1)
        {
            return result
        }
        if let result = symbol?.result { return result }
        if let stepped = steppedType(callee: open - 1, depth: depth) { return stepped }
        // An initializer: `Store(…)`.
        guard !navigator.isPunctuation(open - 2, "."), callee.text.first?.isUppercase == true else { return nil }
        return NameType(kind: .other, typeName: callee.text)
    }

    /// Steps a collection's type goes through: on a Realm collection, a query step (`note.tags.sorted(byKeyPath:
    /// "name")`), `freeze()` or `thaw()` give a Realm collection of the same elements; a Swift `filter { }` or
    /// `sorted(by: { })`, `reversed()`, `prefix(_:)`… give an array of them; `objects(Note.self)` on a Realm
    /// gives `Note`s.
    private func steppedType(callee: Int, depth: Int) -> NameType? {
        guard let name = navigator[callee], navigator.isPunctuation(callee - 1, "."),
            Self.realmSteps.contains(name.text) || Self.swiftSteps.contains(name.text),
            let receiver = declaredType(ofExpressionEndingAt: callee - 2, depth: depth + 1)
        else { return nil }
        switch receiver.kind {
        case .realm where name.text == "objects":
            let open = callee + 1
            guard navigator.isCallParenthesis(open), let type = navigator[open + 1], type.kind == .identifier,
                navigator.isPunctuation(open + 2, "."), navigator.isIdentifier(open + 3, "self")
            else { return nil }
            return NameType(kind: .realmCollection, element: type.text, typeName: "Results")
        case .realmCollection where Self.realmSteps.contains(name.text) && !isSwiftClosureStep(callee):
            return NameType(kind: .realmCollection, element: receiver.element, typeName: "Results")
        case .realmCollection, .swiftCollection:
            return NameType(kind: .swiftCollection, element: receiver.element)
        default:
            return nil
        }
    }

    private static let realmSteps: Set<String> = ["objects", "filter", "where", "sorted", "distinct", "freeze", "thaw"]
    private static let swiftSteps: Set<String> = ["reversed", "prefix", "suffix", "dropFirst", "dropLast", "shuffled"]

    /// What the expression that binds a name without a type says of it: its value, its element of a tuple, or an
    /// element of a sequence.
    private func boundType(_ binding: Binding, depth: Int) -> NameType? {
        let bound = declaredType(ofExpressionEndingAt: binding.end, depth: depth)
        switch binding.form {
        case .value:
            return bound
        case .tupleElement(let position):
            guard let tuple = bound?.tuple, tuple.indices.contains(position) else { return nil }
            return tuple[position]
        case .element:
            return bound?.element.map(kinds.elementType(named:))
        }
    }

    /// The declaration of the function called by name at `callee` with `labels` (its own and a trailing closure's
    /// missing): the overload the labels name, else the name's overloads merged; a method of the receiver's
    /// declared type, or (without a receiver) of the types around the call, or a global.
    private func declaredCallee(at callee: Int, labels: [String], depth: Int) -> DeclaredSymbol? {
        guard let name = navigator[callee], name.kind == .identifier else { return nil }
        let fullName = name.text + "(" + labels.map { "\($0):" }.joined() + ")"
        guard navigator.isPunctuation(callee - 1, ".") else {
            return kinds.callable(fullName, at: name.start) ?? kinds.callable(name.text, at: name.start)
        }
        guard let owner = declaredType(ofExpressionEndingAt: callee - 2, depth: depth + 1), let type = owner.typeName,
            var method = kinds.member(fullName, ofType: type) ?? kinds.member(name.text, ofType: type)
        else { return nil }
        // `func process(…) -> Response` with `typealias Response = Info?` in the method's type: the alias.
        if let result = method.result?.typeName, let alias = kinds.member(result, ofType: type)?.alias {
            method.result = alias
        }
        // `func uniqueObject(…) -> Element?` in `extension Results`: the receiver's element (`Results<Element>`:
        // a collection of them).
        if let element = owner.element, owner.kind == .realmCollection || owner.kind == .swiftCollection {
            if method.result?.typeName == "Element" {
                method.result = kinds.elementType(named: element)
            } else if method.result?.element == "Element" {
                method.result?.element = element
            }
        }
        return method
    }

    /// The result a call's argument decides (`run(query: AllNotes())` of `run<Q: Query>(query: Q) -> Q.Answer`):
    /// the argument's declared type, or its member type (a typealias).
    private func argumentResult(_ binding: ArgumentResult, ofCallAt open: Int, depth: Int) -> NameType? {
        guard let argument = navigator.argumentEnd(labelled: binding.label, at: binding.position, ofCallAt: open),
            let type = declaredType(ofExpressionEndingAt: argument, depth: depth)
        else { return nil }
        guard let member = binding.member else { return type.kind == .unknown ? nil : type }
        return type.typeName.flatMap { kinds.member(member, ofType: $0)?.alias }
    }

    /// What the declaration of the function a closure is passed to says of the parameter at `index`: a name its
    /// header declares (`{ session in`) or an anonymous one (`$0`), when that function is known.
    func closureParameterType(at index: Int, depth: Int = 0) -> NameType? {
        guard let token = navigator[index], token.kind == .identifier else { return nil }
        var brace: Int
        var position: Int
        if token.text.hasPrefix("$") {
            guard let number = Int(token.text.dropFirst()) else { return nil }
            var enclosing = kinds.enclosingBracket(of: index)
            while let bracket = enclosing, !navigator.isPunctuation(bracket, "{") {
                enclosing = kinds.enclosingBracket(of: bracket)
            }
            guard let enclosing else { return nil }
            (brace, position) = (enclosing, number)
        } else {
            guard let parameter = kinds.closureParameter(token.text, at: token.start) else { return nil }
            (brace, position) = parameter
        }
        guard let call = call(passingClosureAt: brace) else { return nil }
        if let closures = declaredCallee(at: call.callee, labels: call.labels, depth: depth)?.closures,
            let parameters = Self.parameters(of: closures, for: call), parameters.indices.contains(position)
        {
            return parameters[position]
        }
        // `notes.map { note in … }`: an element of the collection whose element method takes the closure.
        guard let method = navigator[call.callee], Self.takesElements(method.text, position: position),
            navigator.isPunctuation(call.callee - 1, "."),
            let element = declaredType(ofExpressionEndingAt: call.callee - 2, depth: depth + 1)?.element
        else { return nil }
        return kinds.elementType(named: element)
    }

    /// Methods of a collection whose closure is given its elements (`forEach`, `map`, `filter`, `first(where:)`…),
    /// and `sorted(by:)`, `min(by:)`, `max(by:)`, given two.
    static func takesElements(_ method: String, position: Int) -> Bool {
        switch method {
        case "forEach", "map", "compactMap", "flatMap", "filter", "first", "last", "contains", "allSatisfy",
            "firstIndex", "lastIndex", "drop", "prefix":
            position == 0
        case "sorted", "min", "max":
            position == 0 || position == 1
        default:
            false
        }
    }

    /// What the closure of `call` is given: an argument's by its label; a trailing closure's by the overloads that
    /// fit the call, else (the only trailing closure) by the last function-typed parameter, or (a later one) by its
    /// label.
    private static func parameters(of closures: ClosureParameters, for call: ClosureCall) -> [NameType?]? {
        guard let trailing = call.trailing else { return call.label.flatMap { closures.byLabel[$0] } }
        if let fitting = closures.trailingClosure(
            trailing.position, parentheses: call.labels, trailing: trailing.labels)
        {
            return fitting
        }
        if trailing.labels.count == 1 { return closures.trailing }
        return trailing.labels[trailing.position].flatMap { closures.byLabel[$0] }
    }

    /// A call a closure is passed to: its callee, the labels in its parentheses, and the closure's label (`_`
    /// unlabelled; `nil` for a trailing closure); for a trailing closure, the labels of the call's trailing closures
    /// (`nil` for the first) and the closure's position among them.
    private struct ClosureCall {
        var callee: Int
        var labels: [String]
        var label: String?
        var trailing: (labels: [String?], position: Int)?
    }

    /// The call a closure opened at `brace` is an argument of, or a trailing closure of
    /// (`run(on: queue) { … }`, `run { … }`, `completion:` in `run { … } completion: { … }`).
    private func call(passingClosureAt brace: Int) -> ClosureCall? {
        guard let before = navigator[brace - 1] else { return nil }
        // `} completion: {`: a later trailing closure; the first is where the chain of them starts.
        var first = brace
        var position = 0
        while position < 16, navigator.isPunctuation(first - 1, ":"), navigator[first - 2]?.kind == .identifier,
            navigator.isPunctuation(first - 3, "}"), let open = navigator.partner(of: first - 3),
            navigator.isPunctuation(open, "{")
        {
            (first, position) = (open, position + 1)
        }
        // `run(on: queue) { … }` or `run { … }`: a trailing closure.
        var callee: (index: Int, labels: [String])?
        if navigator.isPunctuation(first - 1, ")"), let open = navigator.partner(of: first - 1),
            navigator.isCallParenthesis(open)
        {
            callee = (open - 1, navigator.labels(ofCallAt: open))
        } else if navigator[first - 1]?.kind == .identifier {
            callee = (first - 1, [])
        }
        if let callee {
            var labels: [String?] = [nil]
            var end = navigator.partner(of: first) ?? first
            while labels.count < 16, let label = navigator[end + 1], label.kind == .identifier,
                navigator.isPunctuation(end + 2, ":"), navigator.isPunctuation(end + 3, "{"),
                let close = navigator.partner(of: end + 3)
            {
                labels.append(label.text)
                end = close
            }
            return ClosureCall(
                callee: callee.index, labels: callee.labels, label: nil, trailing: (labels, position))
        }
        guard position == 0 else { return nil }
        // `run(on: queue, with: { … })`, `run({ … })`: an argument.
        guard let open = kinds.enclosingBracket(of: brace), navigator.isCallParenthesis(open) else { return nil }
        let labels = navigator.labels(ofCallAt: open)
        if before.isPunctuation(":"), let label = navigator[brace - 2], label.kind == .identifier {
            return ClosureCall(callee: open - 1, labels: labels, label: label.text)
        }
        return before.isPunctuation("(") || before.isPunctuation(",")
            ? ClosureCall(callee: open - 1, labels: labels, label: "_") : nil
    }
}
