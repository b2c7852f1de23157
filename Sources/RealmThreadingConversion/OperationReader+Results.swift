import SwiftSourceSyntax

/// What the method hands back, and the generated signature.
extension OperationReader {
    /// `DispatchQueue.main.async { … }`, `completion(…)`, `promise(.success(…))`, `return …`.
    mutating func readHandoff(_ statement: TokenRun) throws(Stop) -> Bool {
        let bare = statement.droppingSelf
        if bare.starts(with: ["DispatchQueue", ".", "main", ".", "async"]) {
            guard let brace = bare.tokens.firstIndex(where: { $0.isPunctuation("{") }),
                let close = bare.closing(from: brace)
            else { return false }
            let inside = bare.sub((brace + 1)..<close)
            if realmNames.contains(where: inside.mentions) || inside.mentions("Realm") {
                throw Stop(reason: "the main-queue closure uses Realm: `\(firstLine(statement))`")
            }
            let used = (Array(locals.keys) + Array(derived.keys)).filter(inside.mentions).sorted()
            if used.count > 1 { throw Stop(reason: "the main-queue closure receives several results") }
            guard let name = used.first else {
                notes.append("the main-queue work is left to the caller: run `\(inside.text)` after the call returns")
                return true
            }
            let value = derived[name] ?? Handoff(local: name)
            try setHandoff(value)
            notes.append(
                value.property == nil
                    ? "the main-queue hand-off is left to the caller: `let ids = try await store.\(baseName)(…)`, then "
                        + "on the main actor read each with `mainContext.model(for:)` and run `\(inside.text)`"
                    : "the main-queue hand-off is left to the caller: run `\(inside.text)` with the values returned")
            return true
        }
        if bare.first?.isIdentifier("return") == true {
            let value = bare.sub((bare.tokens.startIndex + 1)..<bare.tokens.endIndex)
            if value.isEmpty { return true }
            try setHandoff(try handedValue(value, in: statement))
            return true
        }
        guard let callee = bare.first, callee.kind == .identifier, bare.token(1)?.isPunctuation("(") == true,
            isCompletion(callee.text), let close = bare.closing(from: bare.tokens.startIndex + 1),
            close == bare.tokens.endIndex - 1
        else { return false }
        let arguments = bare.arguments(at: bare.tokens.startIndex + 1)
        guard let argument = arguments.first else {
            notes.append("`\(callee.text)()` becomes the method's return")
            return true
        }
        guard arguments.count == 1 else { throw Stop(reason: "`\(statement.text)` passes several values") }
        var value = argument.value
        if value.starts(with: [".", "success", "("]), let end = value.closing(from: value.tokens.startIndex + 2) {
            value = value.sub((value.tokens.startIndex + 3)..<end)
        } else if value.starts(with: [".", "failure"]) {
            throw Stop(reason: "`\(statement.text)`: errors are thrown by the actor method; rewrite the failure path")
        }
        try setHandoff(try handedValue(value, in: statement))
        notes.append("the completion handler `\(callee.text)` becomes the method's return value (call it with `await`)")
        return true
    }

    private func isCompletion(_ name: String) -> Bool {
        if case .completion? = roles[name] { return true }
        // A closure parameter bound in the body, such as Combine's `Future { promise in … }`.
        let body = TokenRun(function.body[...], lexer)
        return body.find(["{", name, "in"]) != nil
    }

    /// `tracks`, `Array(tracks)`, `tracks.freeze()`, `tracks.map(\.title)`, `tracks.map { $0.title }`,
    /// `Array(tracks.map(\.id))`, `album.title`, `album?.title`, or a name bound to one of these.
    func handedValue(_ run: TokenRun, in statement: TokenRun) throws(Stop) -> Handoff {
        var value = run.droppingTry
        if value.starts(with: ["Array", "("]), let close = value.closing(from: value.tokens.startIndex + 1),
            close == value.tokens.endIndex - 1
        {
            value = value.sub((value.tokens.startIndex + 2)..<close)
        }
        if value.identifierBefore([".", "freeze", "(", ")"]) != nil {
            value = value.sub(value.tokens.startIndex..<(value.tokens.startIndex + 1))
        }
        if let name = value.identifier, locals[name] != nil { return Handoff(local: name) }
        if let name = value.identifier, let handoff = derived[name] { return handoff }
        if let name = value.first?.text, case .object? = locals[name] {
            let texts = value.tokens.dropFirst().map(\.text)
            if texts.count == 2, texts[0] == "." { return Handoff(local: name, property: texts[1]) }
            if texts.count == 3, texts[0] == "?", texts[1] == "." { return Handoff(local: name, property: texts[2]) }
        }
        if let name = value.first?.text, locals[name] != nil, value.token(1)?.isPunctuation(".") == true,
            value.token(2)?.isIdentifier("map") == true
        {
            let texts = value.tokens.dropFirst(3).map(\.text)
            if texts.count == 5, texts[0] == "(", texts[1] == "\\", texts[2] == ".", texts[4] == ")" {
                return Handoff(local: name, property: texts[3])
            }
            if texts.count == 5, texts[0] == "{", texts[1] == "$0", texts[2] == ".", texts[4] == "}" {
                return Handoff(local: name, property: texts[3])
            }
        }
        throw Stop(reason: "the value handed back is not a fetched result or a property of it: `\(statement.text)`")
    }

    private mutating func setHandoff(_ value: Handoff) throws(Stop) {
        if let handoff, handoff.local != value.local || handoff.property != value.property {
            throw Stop(reason: "the method hands back more than one result")
        }
        handoff = value
    }

    /// The generated result type: identifiers for models, the declared value type for mapped properties.
    func resultType() throws(Stop) -> String? {
        if returnsCount { return function.resultType ?? "Int" }
        guard let handoff, let local = locals[handoff.local] else { return nil }
        if handoff.property != nil {
            guard let declared = declaredValueType else {
                throw Stop(reason: "cannot tell the type of the values handed back")
            }
            return declared
        }
        switch local {
        case .results: return "[PersistentIdentifier]"
        case .object(_, let isOptional): return isOptional ? "PersistentIdentifier?" : "PersistentIdentifier"
        }
    }

    func returnLines() -> [String] {
        guard let handoff, let local = locals[handoff.local] else { return [] }
        if let property = handoff.property {
            if case .object(_, true) = local { return ["return \(handoff.local)?.\(property)"] }
            if case .object = local { return ["return \(handoff.local).\(property)"] }
            return ["return \(handoff.local).map(\\.\(property))"]
        }
        switch local {
        case .results: return ["return \(handoff.local).map(\\.persistentModelID)"]
        case .object(_, let isOptional):
            return ["return \(handoff.local)\(isOptional ? "?" : "").persistentModelID"]
        }
    }

    /// The value type the original hands back, when it is written down: a completion handler's argument, the
    /// declared result (a Combine publisher's output).
    var declaredValueType: String? {
        for parameter in function.parameters {
            if case .completion(let value?, _)? = roles[parameter.name] {
                return Lexer.tokenize(value).tokens.contains { $0.text == "Realm" } ? nil : mapped(value)
            }
        }
        guard let result = function.resultType, !Lexer.tokenize(result).tokens.contains(where: { $0.text == "Realm" })
        else { return nil }
        let lexer = Lexer.tokenize(result)
        let run = TokenRun(lexer.tokens[...], lexer)
        if run.starts(with: ["AnyPublisher", "<"]) || run.starts(with: ["Future", "<"]) {
            let arguments = run.sub((run.tokens.startIndex + 1)..<run.tokens.endIndex)
            if let comma = arguments.tokens.lastIndex(where: { $0.isPunctuation(",") }) {
                return mapped(run.sub((run.tokens.startIndex + 2)..<comma).text)
            }
        }
        return mapped(result)
    }

    /// A type as written, with Realm model types as identifiers (`[RealmTrack]` → `[PersistentIdentifier]`).
    func mapped(_ typeText: String) -> String {
        let lexer = Lexer.tokenize(typeText)
        var text = ""
        var previousEnd: Int?
        var tokens = lexer.tokens[...]
        while let token = tokens.first {
            tokens = tokens.dropFirst()
            if let previousEnd, token.start > previousEnd { text += " " }
            previousEnd = token.end
            if token.isIdentifier("Results") || token.isIdentifier("List"), tokens.first?.isOperator("<") == true,
                let target = tokens.dropFirst().first, catalog[realmClass: target.text] != nil,
                tokens.dropFirst(2).first?.isOperator(">") == true
            {
                text += "[PersistentIdentifier]"
                tokens = tokens.dropFirst(3)
                previousEnd = nil
                continue
            }
            text += catalog[realmClass: token.text] != nil ? "PersistentIdentifier" : token.text
        }
        return text
    }

    // MARK: Parameters

    /// A parameter of the converted member, or `nil` when it is dropped.
    func convertedParameter(_ parameter: FunctionParameter) -> String? {
        let head = parameter.label == parameter.name ? "" : "\(parameter.label) "
        switch roles[parameter.name] ?? .plain {
        case .realm, .completion: return nil
        case .reference:
            return "\(head == "" ? "\(parameter.name) " : head)\(parameter.name)ID: PersistentIdentifier"
        case .model(let realmClass, let isArray):
            let model = catalog[realmClass: realmClass]?.swiftName ?? realmClass
            if insertedParameters.contains(parameter.name) && !identifiedParameters.contains(parameter.name) {
                return "\(head)\(parameter.name): sending \(isArray ? "[\(model)]" : model)"
            }
            let label = head == "" ? "\(parameter.name) " : head
            return isArray
                ? "\(label)\(parameter.name)IDs: [PersistentIdentifier]"
                : "\(label)\(parameter.name)ID: PersistentIdentifier"
        case .plain:
            return "\(head)\(parameter.name): \(mapped(parameter.typeText))"
                + (parameter.defaultText.map { " = \($0)" } ?? "")
        }
    }

    /// A parameter of a skeleton: models as identifiers, Realm and completion handlers dropped.
    func skeletonParameter(_ parameter: FunctionParameter) -> String? {
        var reader = self
        reader.insertedParameters = []
        return reader.convertedParameter(parameter)
    }

    func skeletonResultType() -> String? { declaredValueType }
}
