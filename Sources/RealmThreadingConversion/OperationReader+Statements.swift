import SwiftSourceSyntax

/// The statements inside the background closure (or the whole body).
extension OperationReader {
    mutating func readStatements(_ run: TokenRun, inWrite: Bool = false) throws(Stop) {
        var writing = inWrite
        for statement in run.statements {
            let bare = statement.droppingTry
            if statement.starts(with: ["guard", "let", "self"]) || bare.isEmpty { continue }
            if statement.starts(with: ["print", "("]) && !statement.mentions("self") {
                // Kept as written only when every name it uses is still there: the actor has no Realm, and its
                // model, reference and completion parameters are identifiers or gone.
                if let gone = namesTheDraftDrops.sorted().first(where: statement.mentions) {
                    throw Stop(
                        reason: "`\(firstLine(statement))` uses `\(gone)`, which the actor does not have (it has a "
                            + "ModelContext, and models are passed by identifier)")
                }
                lines.append(statement.text)
                continue
            }
            if statement.starts(with: ["do", "{"]), let close = statement.closing(from: statement.tokens.startIndex + 1)
            {
                if statement.sub((close + 1)..<statement.tokens.endIndex).mentions("catch") {
                    notes.append("the `catch` is gone: errors are thrown to the caller")
                }
                try readStatements(statement.sub((statement.tokens.startIndex + 2)..<close), inWrite: writing)
                continue
            }
            if statement.starts(with: ["autoreleasepool", "{"]),
                let close = statement.closing(from: statement.tokens.startIndex + 1)
            {
                try readStatements(statement.sub((statement.tokens.startIndex + 2)..<close), inWrite: writing)
                continue
            }
            if statement.contains(["Realm", ".", "asyncOpen"]) {
                throw Stop(
                    reason: "Realm.asyncOpen has no counterpart: create the ModelContainer once at launch (its "
                        + "initializer opens the store) and the actor with it")
            }
            if try readRealmOpen(statement) { continue }
            if try readCount(statement) { continue }
            if try readReturnedRead(statement) { continue }
            if let (realm, method, open) = realmCall(bare) {
                switch method {
                case "write", "writeAsync":
                    guard let brace = bare.tokens[open...].firstIndex(where: { $0.isPunctuation("{") }),
                        let close = bare.closing(from: brace)
                    else { throw Stop(reason: "cannot read the write block of `\(firstLine(statement))`") }
                    if method == "writeAsync" {
                        notes.append("writeAsync becomes a synchronous write on the actor (it is off the main thread)")
                    }
                    try readStatements(closureBody(bare.sub((brace + 1)..<close)), inWrite: true)
                    save()
                case "beginWrite": writing = true
                case "commitWrite":
                    writing = false
                    save()
                case "refresh", "invalidate", "autorefresh":
                    notes.append("`\(realm).\(method)` is dropped: a ModelContext reads the store when it fetches")
                default:
                    try readRealmWork(bare, realm: realm, method: method, open: open, inWrite: writing)
                }
                continue
            }
            if try readBinding(statement) { continue }
            if try readHandoff(statement) { continue }
            if writing, try readAssignment(statement) { continue }
            throw Stop(reason: "statement not re-expressed: `\(firstLine(statement))`")
        }
    }

    /// The Realms and the parameters the draft drops or passes differently (models, references, completions).
    private var namesTheDraftDrops: Set<String> {
        realmNames.union(roles.compactMap { name, role in if case .plain = role { nil } else { name } })
    }

    /// `realm.objects(T.self).count` (or `return …`) as the method's result: a `fetchCount`.
    private mutating func readCount(_ statement: TokenRun) throws(Stop) -> Bool {
        var run = statement
        if run.first?.isIdentifier("return") == true {
            run = run.sub((run.tokens.startIndex + 1)..<run.tokens.endIndex)
        }
        guard let (_, method, open) = realmCall(run), method == "objects",
            let close = run.droppingSelf.closing(from: open),
            run.droppingSelf.sub((close + 1)..<run.droppingSelf.tokens.endIndex).tokens.map(\.text) == [".", "count"],
            let realmClass = run.droppingSelf.arguments(at: open).first.flatMap({ metatype($0.value) })
        else { return false }
        lines.append("return try modelContext.fetchCount(FetchDescriptor<\(try modelType(realmClass))>())")
        returnsCount = true
        isThrowing = true
        return true
    }

    /// `realm.objects(T.self)` or `return realm.object(ofType:forPrimaryKey:)` as the method's result.
    private mutating func readReturnedRead(_ statement: TokenRun) throws(Stop) -> Bool {
        var run = statement
        if run.first?.isIdentifier("return") == true {
            run = run.sub((run.tokens.startIndex + 1)..<run.tokens.endIndex)
        }
        guard let (_, method, _) = realmCall(run.droppingTry), ["objects", "object"].contains(method),
            locals["result"] == nil
        else { return false }
        guard try bindValue("result", run, isGuard: false, statement: statement) else { return false }
        handoff = Handoff(local: "result")
        return true
    }

    /// `let realm = try! Realm()`, `guard let realm = try? Realm(configuration: c) else { … }`.
    private mutating func readRealmOpen(_ statement: TokenRun) throws(Stop) -> Bool {
        guard let (name, value) = binding(statement), value.droppingTry.starts(with: ["Realm", "("]) else {
            return false
        }
        let arguments = value.droppingTry.arguments(at: value.droppingTry.tokens.startIndex + 1)
        if !arguments.isEmpty {
            notes.append(
                "`\(value.text)`: the actor uses the container it is created with "
                    + "(its ModelConfiguration replaces Realm.Configuration and queues)")
        }
        realmNames.insert(name)
        return true
    }

    /// `realm.method(` (or `self.realm.method(`): the Realm's name, the method and the position of `(`.
    func realmCall(_ run: TokenRun) -> (String, String, Int)? {
        let call = run.droppingSelf
        guard let name = call.token(0), realmNames.contains(name.text), call.token(1)?.isPunctuation(".") == true,
            let method = call.token(2), method.kind == .identifier
        else { return nil }
        let next = call.tokens.startIndex + 3
        if next < call.tokens.endIndex, call.tokens[next].isPunctuation("(") || call.tokens[next].isPunctuation("{") {
            return (name.text, method.text, next)
        }
        return nil
    }

    /// `let x = value` / `var x = value` / `guard let x = value else { return }`: the name and the value.
    func binding(_ statement: TokenRun) -> (String, TokenRun)? {
        var start = statement.tokens.startIndex
        if statement.first?.isIdentifier("guard") == true { start += 1 }
        guard start + 2 < statement.tokens.endIndex, ["let", "var"].contains(statement.tokens[start].text),
            statement.tokens[start + 1].kind == .identifier
        else { return nil }
        var valueStart = start + 2
        if statement.tokens[valueStart].isPunctuation(":") {
            // A type annotation: skip to `=`.
            guard let equals = statement.tokens[valueStart...].firstIndex(where: { $0.isOperator("=") }) else {
                return nil
            }
            valueStart = equals
        }
        guard statement.tokens[valueStart].isOperator("=") else { return nil }
        var end = statement.tokens.endIndex
        if statement.first?.isIdentifier("guard") == true {
            guard let elsePosition = statement.tokens.lastIndex(where: { $0.isIdentifier("else") }) else { return nil }
            end = elsePosition
        }
        guard end > valueStart + 1 else { return nil }
        return (statement.tokens[start + 1].text, statement.sub((valueStart + 1)..<end))
    }

    mutating func save() {
        lines.append("try modelContext.save()")
        isThrowing = true
        writes += 1
    }

    /// The SwiftData type for a Realm class, or stop.
    func modelType(_ realmClass: String) throws(Stop) -> String {
        guard let model = catalog[realmClass: realmClass] else {
            throw Stop(reason: "`\(realmClass)` is not a model of the catalog")
        }
        return model.swiftName
    }

    /// `T.self` → `T`.
    func metatype(_ run: TokenRun) -> String? { run.identifierBefore([".", "self"]) }
}
