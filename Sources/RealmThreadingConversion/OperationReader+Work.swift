import SwiftSourceSyntax

/// Reads and writes: what a Realm call or a binding becomes on the `ModelContext`.
extension OperationReader {
    /// `realm.add(x)`, `realm.add(x, update: .modified)`, `realm.delete(x)`, and calls that stop the conversion.
    mutating func readRealmWork(_ call: TokenRun, realm: String, method: String, open: Int, inWrite: Bool) throws(Stop)
    {
        let arguments = call.arguments(at: open)
        switch method {
        case "add":
            guard let target = arguments.first?.value.identifier,
                case .model(let realmClass, let isArray)? = roles[target]
            else { throw Stop(reason: "`\(call.text)`: only a model passed in as a parameter is inserted for you") }
            _ = try modelType(realmClass)
            insertedParameters.insert(target)
            lines.append(
                isArray ? "for model in \(target) { modelContext.insert(model) }" : "modelContext.insert(\(target))")
            if let update = arguments.first(where: { $0.label == "update" }) {
                notes.append(
                    "`add(_:update: \(update.value.text))` becomes insert(_:), which updates the stored model with the "
                        + "same unique primary key (@Attribute(.unique) / #Unique); with --cloudkit there is no unique "
                        + "constraint and it inserts a duplicate")
            }
        case "delete":
            guard let target = arguments.first?.value.droppingSelf else { throw Stop(reason: "`\(call.text)`") }
            try readDelete(target, call: call)
        case "create":
            throw Stop(
                reason: "`create(_:value:update:)` takes Realm's untyped value forms (dictionaries, arrays, KVC); "
                    + "build the model with its initializer and insert it")
        case "deleteAll":
            throw Stop(reason: "`deleteAll()` has no one-call equivalent; delete each model type with `delete(model:)`")
        case "objects", "object", "resolve":
            throw Stop(reason: "the result of `\(call.text)` is not bound to a name")
        default:
            throw Stop(reason: "`\(realm).\(method)` has no straightforward ModelContext equivalent")
        }
        if !inWrite {
            notes.append("`\(call.text)` outside a write transaction: the actor saves after it")
            save()
        }
    }

    private mutating func readDelete(_ target: TokenRun, call: TokenRun) throws(Stop) {
        if let name = target.identifier {
            if case .model(let realmClass, let isArray)? = roles[name] {
                let model = try modelType(realmClass)
                identifiedParameters.insert(name)
                lines.append(
                    isArray
                        ? "for id in \(name)IDs { if let model = self[id, as: \(model).self] { modelContext.delete(model) } }"
                        : "if let model = self[\(name)ID, as: \(model).self] { modelContext.delete(model) }")
                return
            }
            switch locals[name] {
            case .results?:
                lines.append("for model in \(name) { modelContext.delete(model) }")
                return
            case .object(_, let isOptional)?:
                lines.append(
                    isOptional ? "if let \(name) { modelContext.delete(\(name)) }" : "modelContext.delete(\(name))")
                return
            case nil: break
            }
        }
        if let (_, method, open) = realmCall(target), method == "objects",
            let argument = target.droppingSelf.arguments(at: open).first,
            let realmClass = metatype(argument.value),
            target.droppingSelf.tokens.last.map({ $0.isPunctuation(")") }) == true,
            target.droppingSelf.closing(from: open) == target.droppingSelf.tokens.endIndex - 1
        {
            let model = try modelType(realmClass)
            lines.append(
                "for model in try modelContext.fetch(FetchDescriptor<\(model)>()) { modelContext.delete(model) }")
            isThrowing = true
            return
        }
        throw Stop(reason: "`\(call.text)`: only parameters, fetched locals and whole types are deleted for you")
    }

    /// `let x = realm.objects(T.self)`, `… object(ofType:forPrimaryKey:)`, `… resolve(ref)`, `… frozen.thaw()`.
    mutating func readBinding(_ statement: TokenRun) throws(Stop) -> Bool {
        guard let (name, value) = binding(statement) else { return false }
        let isGuard = statement.first?.isIdentifier("guard") == true
        if isGuard {
            let elsePosition = statement.tokens.lastIndex { $0.isIdentifier("else") } ?? statement.tokens.startIndex
            let elseTexts = statement.tokens[elsePosition...].map(\.text)
            guard elseTexts == ["else", "{", "return", "}"] else {
                throw Stop(reason: "the `else` of `\(firstLine(statement))` does more than return")
            }
        }
        return try bindValue(name, value, isGuard: isGuard, statement: statement)
    }

    /// Binds `name` to what `value` reads; `false` when `value` is not Realm work.
    mutating func bindValue(_ name: String, _ value: TokenRun, isGuard: Bool, statement: TokenRun) throws(Stop) -> Bool
    {
        var run = value.droppingTry
        var wrapped = false
        if run.starts(with: ["Array", "("]), let close = run.closing(from: run.tokens.startIndex + 1),
            close == run.tokens.endIndex - 1
        {
            run = run.sub((run.tokens.startIndex + 2)..<close)
            wrapped = true
        }
        if let frozen = run.identifierBefore([".", "freeze", "(", ")"]), let local = locals[frozen] {
            locals[name] = local
            lines.append("let \(name) = \(frozen)")
            notes.append("freeze() is not needed: hand the identifiers to other actors")
            return true
        }
        if let source = run.identifierBefore([".", "thaw", "(", ")"])
            ?? run.identifierBefore(["?", ".", "thaw", "(", ")"])
        {
            return try bindIdentified(name, parameter: aliases[source] ?? source, isGuard: isGuard, via: "thaw()")
        }
        if run.starts(with: ["ThreadSafeReference", "(", "to", ":"]), let source = run.token(4)?.text,
            let local = locals[source]
        {
            locals[name] = local
            notes.append("ThreadSafeReference(to: \(source)) becomes its PersistentIdentifier(s)")
            return true
        }
        guard let (_, method, open) = realmCall(run) else {
            if let handoff = try? handedValue(value, in: statement), handoff.property != nil {
                derived[name] = handoff
                return true
            }
            if realmNames.contains(where: run.mentions) {
                throw Stop(reason: "`\(firstLine(statement))` is not a straightforward read")
            }
            return false
        }
        let call = run.droppingSelf
        guard let close = call.closing(from: open) else { throw Stop(reason: "cannot read `\(statement.text)`") }
        let chain = call.sub((close + 1)..<call.tokens.endIndex)
        let arguments = call.arguments(at: open)
        switch method {
        case "objects":
            guard let realmClass = arguments.first.flatMap({ metatype($0.value) }) else {
                throw Stop(reason: "`\(call.text)`: cannot tell the model type")
            }
            let model = try modelType(realmClass)
            if !chain.isEmpty {
                let onlyFreeze = chain.tokens.map(\.text) == [".", "freeze", "(", ")"]
                if !onlyFreeze {
                    pendingQueries.append(run.text)
                    throw Stop(reason: "a filtered or sorted query needs the query conversion: `\(run.text)`")
                }
                notes.append("freeze() is not needed: hand the identifiers to other actors")
            }
            lines.append("let \(name) = try modelContext.fetch(FetchDescriptor<\(model)>())")
            locals[name] = .results(realmClass: realmClass)
            isThrowing = true
            if wrapped { notes.append("Array(…) of the results: the fetch returns an array already") }
            return true
        case "object":
            guard arguments.count == 2, arguments[0].label == "ofType", arguments[1].label == "forPrimaryKey",
                let realmClass = metatype(arguments[0].value), chain.isEmpty
            else { throw Stop(reason: "`\(call.text)` is not `object(ofType:forPrimaryKey:)`") }
            let model = try modelType(realmClass)
            guard let key = catalog.generatedPrimaryKey(of: realmClass) else {
                throw Stop(reason: "the catalog has no primary key for `\(realmClass)`")
            }
            let keyValue = arguments[1].value
            guard !keyValue.mentions("self"), !realmNames.contains(where: keyValue.mentions) else {
                throw Stop(reason: "the primary key `\(keyValue.text)` is not a plain value")
            }
            lines.append("let \(name)Key = \(keyValue.text)")
            lines.append(
                "var \(name)Descriptor = FetchDescriptor<\(model)>(predicate: #Predicate { $0.\(key) == \(name)Key })")
            lines.append("\(name)Descriptor.fetchLimit = 1")
            lines.append(
                isGuard
                    ? "guard let \(name) = try modelContext.fetch(\(name)Descriptor).first else { return }"
                    : "let \(name) = try modelContext.fetch(\(name)Descriptor).first")
            locals[name] = .object(realmClass: realmClass, isOptional: !isGuard)
            isThrowing = true
            return true
        case "resolve":
            guard let reference = arguments.first?.value.identifier, chain.isEmpty else {
                throw Stop(reason: "`\(call.text)`: cannot tell which reference is resolved")
            }
            return try bindIdentified(
                name, parameter: aliases[reference] ?? reference, isGuard: isGuard, via: "resolve(_:)")
        default:
            throw Stop(reason: "`\(run.text)` is not a straightforward read")
        }
    }

    /// A model found again from a parameter's identifier: `self[id, as: T.self]`.
    private mutating func bindIdentified(_ name: String, parameter: String, isGuard: Bool, via: String) throws(Stop)
        -> Bool
    {
        let realmClass: String
        switch roles[parameter] {
        case .reference(let target)?: realmClass = target
        case .model(let target, false)?: realmClass = target
        default: throw Stop(reason: "`\(via)` of `\(parameter)`, which is not a parameter of the method")
        }
        let model = try modelType(realmClass)
        identifiedParameters.insert(parameter)
        lines.append(
            isGuard
                ? "guard let \(name) = self[\(parameter)ID, as: \(model).self] else { return }"
                : "let \(name) = self[\(parameter)ID, as: \(model).self]")
        locals[name] = .object(realmClass: realmClass, isOptional: !isGuard)
        notes.append("`\(via)` becomes `self[\(parameter)ID, as: \(model).self]`: pass the model's persistentModelID")
        return true
    }

    /// `track.title = title` on a model found in this method, with a value that does not reach into `self` or Realm.
    mutating func readAssignment(_ statement: TokenRun) throws(Stop) -> Bool {
        guard let name = statement.first?.text, case .object(_, let isOptional)? = locals[name],
            statement.token(1)?.isPunctuation(".") == true, statement.token(2)?.kind == .identifier,
            statement.token(3)?.kind == .operator, statement.tokens.count > 4
        else { return false }
        let value = statement.sub((statement.tokens.startIndex + 4)..<statement.tokens.endIndex)
        guard !value.mentions("self"), !realmNames.contains(where: value.mentions) else { return false }
        lines.append(
            isOptional
                ? "\(name)?" + statement.sub((statement.tokens.startIndex + 1)..<statement.tokens.endIndex).text
                : statement.text)
        return true
    }
}
