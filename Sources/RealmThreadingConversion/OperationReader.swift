import SwiftDataCodegen
import SwiftSourceSyntax

/// Reads one method of a background Realm type and re-expresses it with the actor's `ModelContext`, or says why
/// it cannot (the method then becomes a skeleton).
///
/// It knows the straightforward shapes: a Realm opened in a closure handed to another thread (or passed in, or
/// stored), `objects(T.self)`, `object(ofType:forPrimaryKey:)`, `resolve(_:)` of a `ThreadSafeReference`,
/// `thaw()`, `write { add / add(update:) / delete / property assignments }`, and the result handed back through
/// `DispatchQueue.main.async`, a completion handler, a Combine promise or `return`. Anything else stops the
/// conversion of that method, with the statement named in the reason.
struct OperationReader {
    struct Stop: Error {
        var reason: String
    }

    /// A local the method binds and what it holds.
    enum Local {
        case results(realmClass: String)
        case object(realmClass: String, isOptional: Bool)
    }

    /// What the method hands back: a local, possibly mapped to one of its properties.
    struct Handoff {
        var local: String
        var property: String?
    }

    let function: FunctionDeclaration
    let type: ScannedType
    let catalog: GeneratedModelCatalog
    let lexer: Lexer

    var realmNames: Set<String>
    var roles: [String: ParameterRole] = [:]
    /// Model parameters by name: whether the body inserts (`true`) or otherwise uses them by identifier.
    var insertedParameters: Set<String> = []
    var identifiedParameters: Set<String> = []
    var locals: [String: Local] = [:]
    var lines: [String] = []
    var notes: [String] = []
    var pendingQueries: [String] = []
    var handoff: Handoff?
    /// Names bound to values mapped from a local (`let titles = tracks.map(\.title)`).
    var derived: [String: Handoff] = [:]
    /// Whether the method returns `realm.objects(T.self).count` (a `fetchCount`).
    var returnsCount = false
    var isThrowing = false
    var writes = 0

    init(function: FunctionDeclaration, type: ScannedType, catalog: GeneratedModelCatalog, lexer: Lexer) {
        self.function = function
        self.type = type
        self.catalog = catalog
        self.lexer = lexer
        realmNames = type.storedRealms
        for parameter in function.parameters {
            let role = parameter.role(catalog)
            roles[parameter.name] = role
            if case .realm = role { realmNames.insert(parameter.name) }
        }
    }

    /// The plan for the method: converted, or a skeleton with the reason.
    mutating func plan() -> OperationPlan {
        let body = TokenRun(function.body[...], lexer)
        let indentation = String(repeating: " ", count: max(0, (body.first?.column ?? 1) - 1))
        var plan = OperationPlan(
            original: function.name, line: function.line, name: baseName, originalBody: indentation + body.text)
        if let result = function.resultType, result.hasPrefix("AnyPublisher") || result.hasPrefix("Future") {
            notes.append(
                "the Combine publisher becomes an async method; where subscribers need a publisher, wrap the call "
                    + "in a Future at the call site")
        }
        do {
            try read(body)
            plan.parameters = function.parameters.compactMap(convertedParameter)
            plan.resultType = try resultType()
            plan.body = lines + returnLines()
            plan.isThrowing = isThrowing
        } catch {
            plan.skeletonReason = error.reason
            plan.parameters = function.parameters.compactMap(skeletonParameter)
            plan.resultType = skeletonResultType()
        }
        plan.notes = notes
        plan.pendingQueries = pendingQueries
        return plan
    }

    /// The method's name without its argument labels.
    var baseName: String { String(function.name.prefix { $0 != "(" }) }

    // MARK: Regions

    private mutating func read(_ body: TokenRun) throws(Stop) {
        guard let region = BackgroundUseFinder.wrapperClosure(in: body, realmNames: realmNames) else {
            try readStatements(body)
            return
        }
        for statement in body.statements {
            let range = statement.tokens.startIndex..<statement.tokens.endIndex
            if range.contains(region.lowerBound) {
                let outside =
                    body.sub(range.lowerBound..<(region.lowerBound - 1)).tokens
                    + body.sub(region.upperBound..<range.upperBound).tokens
                if realmNames.contains(where: { name in outside.contains { $0.text == name } }) {
                    throw Stop(reason: "Realm is used outside the background closure too")
                }
                notes.append(
                    "the background closure (`\(firstLine(statement))`) is gone: the actor runs the work off the main "
                        + "thread; call it with `await`")
                try readStatements(closureBody(body.sub(region)))
            } else {
                try readPrelude(statement)
            }
        }
    }

    /// Statements before or after the background closure: only `ThreadSafeReference` and `freeze()` hand-offs.
    private mutating func readPrelude(_ statement: TokenRun) throws(Stop) {
        if let (name, value) = binding(statement) {
            let value = value.droppingTry
            if value.starts(with: ["ThreadSafeReference", "(", "to", ":"]), let source = value.token(4)?.text,
                case .model(let realmClass, false)? = roles[source]
            {
                identifiedParameters.insert(source)
                roles[name] = .reference(realmClass: realmClass)
                aliases[name] = source
                notes.append(
                    "ThreadSafeReference(to: \(source)) becomes the model's PersistentIdentifier: the parameter is "
                        + "the identifier")
                return
            }
            if let source = value.identifierBefore([".", "freeze", "(", ")"]),
                case .model(let realmClass, let isArray)? = roles[source]
            {
                identifiedParameters.insert(source)
                roles[name] = .model(realmClass: realmClass, isArray: isArray)
                aliases[name] = source
                notes.append("freeze() becomes a PersistentIdentifier hand-off: the parameter is the identifier")
                return
            }
        }
        throw Stop(reason: "statement outside the background closure not re-expressed: `\(firstLine(statement))`")
    }

    /// Names bound outside the closure to a parameter's reference or frozen copy.
    var aliases: [String: String] = [:]

    /// The closure's statements without its signature (`[weak self] in`, `promise in`).
    func closureBody(_ run: TokenRun) -> TokenRun {
        guard let inPosition = run.tokens.firstIndex(where: { $0.isIdentifier("in") }),
            let first = run.first, run.tokens[inPosition].line == first.line,
            !run.tokens[run.tokens.startIndex..<inPosition].contains(where: { $0.isPunctuation("{") })
        else { return run }
        return run.sub((inPosition + 1)..<run.tokens.endIndex)
    }

    func firstLine(_ run: TokenRun) -> String {
        let text = run.text
        let line = text.prefix { $0 != "\n" }
        return line.count < text.count ? line + " …" : String(line)
    }
}

extension TokenRun {
    /// The run without a leading `try`, `try!` or `try?`.
    var droppingTry: TokenRun {
        guard let first, first.isIdentifier("try") else { return self }
        var start = tokens.startIndex + 1
        if let next = token(1), next.isOperator("!") || next.isOperator("?"), next.start == first.end { start += 1 }
        return sub(start..<tokens.endIndex)
    }

    /// `x` when the run is exactly `x` followed by these tokens (`self.` allowed before `x`).
    func identifierBefore(_ suffix: [String]) -> String? {
        let run = droppingSelf
        guard run.tokens.count == suffix.count + 1, let name = run.first, name.kind == .identifier,
            zip(run.tokens.dropFirst(), suffix).allSatisfy({ $0.text == $1 })
        else { return nil }
        return name.text
    }
}
