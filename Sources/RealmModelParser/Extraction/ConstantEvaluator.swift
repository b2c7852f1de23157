import SwiftSourceSyntax

/// Evaluates the constant a Realm override returns (`primaryKey()`, `indexedProperties()`, `ignoredProperties()`):
/// string literals, `+`-joined literals, arrays of those, `#keyPath(…)`, static constants (`ID`, `Self.ID`,
/// `Keys.id`, declared in any file), enum raw values (`Keys.id.rawValue`), and `nil`.
///
/// Anything else (computed logic, calls, interpolation) is not guessed: evaluation fails with a reason.
struct ConstantEvaluator {
    /// A string or an array of strings; `nil` (an optional primary key) is an empty array.
    typealias Value = [String]

    let models: ModelExtractor
    /// The qualified names of the types a bare name is looked up in, innermost first (the class, its model
    /// superclasses, its enclosing types).
    let scopes: [String]
    /// How many constants deep the evaluation may follow references (a cycle ends here).
    private static let depthLimit = 16

    /// The value of a function body: `return EXPR` or a single expression.
    func evaluateBody(_ body: [Token]) -> Result<Value, ResolutionError> {
        var tokens = body[...]
        if tokens.first?.isIdentifier("return") == true { tokens = tokens.dropFirst() }
        while tokens.last?.isPunctuation(";") == true { tokens = tokens.dropLast() }
        return evaluate(tokens, scopes: scopes, depth: 0)
    }

    private func evaluate(_ tokens: ArraySlice<Token>, scopes: [String], depth: Int) -> Result<Value, ResolutionError> {
        guard depth < Self.depthLimit else { return .failure(.init("constants refer to each other too deeply")) }
        guard !tokens.isEmpty else { return .failure(.init("no value")) }
        var reader = TokenReader(tokens: tokens)
        var total: Value?
        var isArray = false
        while true {
            let term: (value: Value, isArray: Bool)
            switch readTerm(&reader, scopes: scopes, depth: depth) {
            case .success(let value): term = value
            case .failure(let error): return .failure(error)
            }
            if let sum = total {
                // `"a" + "b"` joins strings; `[…] + […]` joins arrays.
                total = isArray || term.isArray ? sum + term.value : [(sum.first ?? "") + (term.value.first ?? "")]
            } else {
                total = term.value
            }
            isArray = isArray || term.isArray
            guard let next = reader.current else { break }
            guard next.isOperator("+") else {
                return .failure(.init("'\(next.text)' is not part of a constant expression"))
            }
            reader.index += 1
        }
        return total.map { .success($0) } ?? .failure(.init("no value"))
    }

    private func readTerm(_ reader: inout TokenReader, scopes: [String], depth: Int)
        -> Result<(value: Value, isArray: Bool), ResolutionError>
    {
        guard let token = reader.current else { return .failure(.init("expression ends early")) }
        if token.kind == .stringLiteral {
            reader.index += 1
            guard let text = Self.plainString(token.text) else {
                return .failure(.init("the string \(token.text) is not a plain literal"))
            }
            return .success(([text], false))
        }
        if token.isIdentifier("nil") {
            reader.index += 1
            return .success(([], true))
        }
        if token.isPunctuation("[") {
            reader.index += 1
            var elements: Value = []
            while let current = reader.current, !current.isPunctuation("]") {
                let start = reader.index
                var depthCount = 0
                while let inner = reader.current {
                    if depthCount == 0 && (inner.isPunctuation(",") || inner.isPunctuation("]")) { break }
                    if inner.isPunctuation("[") || inner.isPunctuation("(") { depthCount += 1 }
                    if inner.isPunctuation("]") || inner.isPunctuation(")") { depthCount -= 1 }
                    reader.index += 1
                }
                switch evaluate(reader.tokens[start..<reader.index], scopes: scopes, depth: depth + 1) {
                case .success(let value): elements += value
                case .failure(let error): return .failure(error)
                }
                if reader.current?.isPunctuation(",") == true { reader.index += 1 }
            }
            guard reader.current?.isPunctuation("]") == true else { return .failure(.init("unclosed array")) }
            reader.index += 1
            return .success((elements, true))
        }
        if token.kind == .poundKeyword && token.text == "#keyPath" {
            reader.index += 1
            guard reader.current?.isPunctuation("(") == true else { return .failure(.init("'#keyPath' without '('")) }
            reader.index += 1
            let path = reader.readPath()
            guard reader.current?.isPunctuation(")") == true, let last = path.last else {
                return .failure(.init("unreadable '#keyPath'"))
            }
            reader.index += 1
            return .success(([last], false))
        }
        guard token.kind == .identifier else { return .failure(.init("'\(token.text)' is not a constant")) }
        let path = reader.readPath()
        return resolve(path, scopes: scopes, depth: depth).map { ($0, false) }
    }

    /// `ID`, `Self.ID`, `Track.ID`, `Keys.id.rawValue`.
    private func resolve(_ written: [String], scopes: [String], depth: Int) -> Result<Value, ResolutionError> {
        var path = written
        if path.first == "Self" || path.first == "self" { path = (scopes.first.map { [$0] } ?? []) + path.dropFirst() }
        let shown = written.joined(separator: ".")
        if path.count >= 3, path.last == "rawValue" {
            let typePath = Array(path.dropLast(2))
            let caseName = path[path.count - 2]
            guard let type = lookupType(typePath, scopes: scopes), type.declaration.kind == .enum else {
                return .failure(.init("'\(shown)' names no enum in the input"))
            }
            guard let raw = models.rawValue(of: caseName, in: type) else {
                return .failure(.init("enum '\(type.qualifiedName)' has no case '\(caseName)' with a string raw value"))
            }
            return .success([raw])
        }
        guard path.last != nil else { return .failure(.init("no value")) }
        let candidates = constantNames(path, scopes: scopes)
        for candidate in candidates {
            guard let constant = models.constants[candidate] else { continue }
            let owner = constant.owner.map { [$0] } ?? []
            return evaluate(constant.value[...], scopes: owner + scopes, depth: depth + 1).mapError { error in
                ResolutionError("'\(shown)' (\(constant.location)): \(error.message)")
            }
        }
        return .failure(.init("'\(shown)' is not a constant declared in the input"))
    }

    func lookupType(_ path: [String], scopes: [String]) -> DeclaredType? {
        for scope in scopes {
            if let found = models.lookup(path, from: scope) { return found }
        }
        return models.lookup(path, from: nil)
    }

    /// The text of a literal with no interpolation and no escapes other than simple ones; `nil` otherwise.
    static func plainString(_ literal: String) -> String? {
        let text = ClassExtractor.unquote(literal)
        guard !text.contains("\\(") && !text.contains("\\#(") else { return nil }
        return text
    }

    /// The names a constant written as `path` may be declared under: in each enclosing scope then at top level for
    /// a bare name, else in the type the qualifier names (or the qualifier as written).
    func constantNames(_ path: [String], scopes: [String]) -> [String] {
        guard let name = path.last else { return [] }
        if path.count == 1 { return scopes.map { "\($0).\(name)" } + [name] }
        if let type = lookupType(Array(path.dropLast()), scopes: scopes) { return ["\(type.qualifiedName).\(name)"] }
        return ["\(path.dropLast().joined(separator: ".")).\(name)"]
    }
}

/// A cursor over a run of tokens.
private struct TokenReader {
    let tokens: ArraySlice<Token>
    var index: Int

    init(tokens: ArraySlice<Token>) {
        self.tokens = tokens
        index = tokens.startIndex
    }

    var current: Token? { index < tokens.endIndex ? tokens[index] : nil }

    /// `A.b.c` (at least one identifier).
    mutating func readPath() -> [String] {
        var path: [String] = []
        while let token = current, token.kind == .identifier {
            path.append(token.text)
            index += 1
            guard current?.isPunctuation(".") == true, index + 1 < tokens.endIndex,
                tokens[index + 1].kind == .identifier
            else { break }
            index += 1
        }
        return path
    }

}
