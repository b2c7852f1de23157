import SwiftSourceSyntax

/// Finds where a type's methods use Realm off the main thread.
enum BackgroundUseFinder {
    /// The identifiers before a `{` that make it a closure run on another thread.
    static let wrapperCalls: Set<String> = ["async", "asyncAfter", "addOperation", "detached", "sync", "Task"]

    /// Every background use in the type's methods, in source order.
    static func uses(in type: ScannedType, lexer: Lexer) -> [BackgroundRealmUse] {
        var uses: [BackgroundRealmUse] = []
        for function in type.functions {
            let body = TokenRun(function.body[...], lexer)
            let realmParameters = function.parameters.filter {
                $0.type?.optionalBase == "Realm" || $0.type?.optionalBase == "ThreadSafeReference"
            }
            guard usesRealm(body, type: type) || !realmParameters.isEmpty else { continue }
            func add(_ kind: BackgroundRealmUse.Kind, _ token: Token) {
                uses.append(
                    BackgroundRealmUse(kind: kind, member: function.name, line: token.line, column: token.column))
            }
            for position in body.tokens.indices {
                let token = body.tokens[position]
                let rest = body.sub(position..<body.tokens.endIndex)
                if rest.starts(with: ["DispatchQueue", ".", "global"]) { add(.globalQueue, token) }
                if rest.starts(with: ["DispatchQueue", "(", "label"]) { add(.dispatchQueue, token) }
                if type.storedQueues.contains(token.text), rest.token(1)?.isPunctuation(".") == true,
                    ["async", "asyncAfter"].contains(rest.token(2)?.text ?? "")
                {
                    add(.dispatchQueue, token)
                }
                if rest.starts(with: ["OperationQueue", "("]) || (token.isIdentifier("addOperation")) {
                    add(.operationQueue, token)
                }
                if rest.starts(with: ["Realm", "("]),
                    rest.arguments(at: position + 1).contains(where: { $0.label == "queue" })
                {
                    add(.realmQueue, token)
                }
                if rest.starts(with: ["Realm", ".", "asyncOpen"]) { add(.asyncOpen, token) }
                if token.isIdentifier("writeAsync") { add(.writeAsync, token) }
                if rest.starts(with: ["Task", ".", "detached"]) { add(.detachedTask, token) }
            }
            if let closure = wrapperClosure(in: body, realmNames: type.storedRealms),
                type.storedRealms.contains(where: { body.sub(closure).mentions($0) })
            {
                add(.storedRealmInClosure, body.tokens[closure.lowerBound - 1])
            }
            if !realmParameters.isEmpty {
                uses.append(
                    BackgroundRealmUse(kind: .realmParameter, member: function.name, line: function.line, column: 1))
            }
        }
        // A queue's `addOperation` is also an `OperationQueue` use; keep one use per place and kind.
        var seen: Set<String> = []
        return uses.filter { seen.insert("\($0.kind) \($0.line) \($0.column)").inserted }
    }

    /// Whether the run opens or uses a Realm.
    static func usesRealm(_ run: TokenRun, type: ScannedType) -> Bool {
        run.mentions("Realm") || run.mentions("ThreadSafeReference") || type.storedRealms.contains(where: run.mentions)
    }

    /// The token range inside the first closure handed to another thread (`queue.async { … }`, `Task.detached
    /// { … }`, `addOperation { … }`) that uses Realm, braces excluded. `DispatchQueue.main.async` is a hand-off
    /// back to the main thread, never a wrapper.
    static func wrapperClosure(in body: TokenRun, realmNames: Set<String> = []) -> Range<Int>? {
        for position in body.tokens.indices where body.tokens[position].isPunctuation("{") {
            guard isWrapper(body, brace: position), let close = body.closing(from: position) else { continue }
            let inside = body.sub((position + 1)..<close)
            if inside.mentions("Realm") || inside.mentions("ThreadSafeReference")
                || realmNames.contains(where: inside.mentions)
            {
                return (position + 1)..<close
            }
        }
        return nil
    }

    private static func isWrapper(_ body: TokenRun, brace: Int) -> Bool {
        guard brace > body.tokens.startIndex else { return false }
        var previous = body.tokens[brace - 1]
        var callee = brace - 1
        if previous.isPunctuation(")") {
            // `asyncAfter(deadline: .now()) {`, `Task.detached(priority: .background) {`
            var depth = 0
            var position = brace - 1
            while position >= body.tokens.startIndex {
                if body.tokens[position].isPunctuation(")") { depth += 1 }
                if body.tokens[position].isPunctuation("(") {
                    depth -= 1
                    if depth == 0 { break }
                }
                position -= 1
            }
            guard position > body.tokens.startIndex else { return false }
            callee = position - 1
            previous = body.tokens[callee]
        }
        guard previous.kind == .identifier, wrapperCalls.contains(previous.text) else { return false }
        // `DispatchQueue.main.async { … }` goes back to the main thread.
        let main = body.sub(max(body.tokens.startIndex, callee - 2)..<callee)
        return !main.starts(with: ["main", "."])
    }
}
