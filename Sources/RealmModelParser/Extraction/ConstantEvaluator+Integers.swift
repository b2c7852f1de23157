import SwiftSourceSyntax

/// The integer a `schemaVersion` is set to: integer literals (`12`, `1_000`, `0x10`), `+`, `-` and `*`, parentheses,
/// integer conversions (`UInt64(5)`), static and top-level constants declared in any file (`Self.version`,
/// `Constants.realmSchemaVersion`), and the raw values of integer enums (`SchemaVersion.current.rawValue`).
extension ConstantEvaluator {
    /// Evaluates `tokens` as an unsigned integer; anything else (a call, a computed value) fails with a reason.
    func evaluateInteger(_ tokens: [Token]) -> Result<UInt64, ResolutionError> {
        var trimmed = tokens[...]
        while trimmed.last?.isPunctuation(",") == true || trimmed.last?.isPunctuation(";") == true {
            trimmed = trimmed.dropLast()
        }
        return integer(trimmed, scopes: scopes, depth: 0)
    }

    private static let conversions: Set<String> = ["UInt64", "UInt", "Int", "Int64", "UInt32", "Int32"]
    private static let integerDepthLimit = 16

    private func integer(_ tokens: ArraySlice<Token>, scopes: [String], depth: Int) -> Result<UInt64, ResolutionError> {
        guard depth < Self.integerDepthLimit else { return .failure(.init("constants refer to each other too deeply")) }
        guard !tokens.isEmpty else { return .failure(.init("no value")) }
        // Terms joined by `+` and `-` at the top level, each of factors joined by `*`.
        var total: UInt64 = 0
        var sign: String? = "+"
        var start = tokens.startIndex
        var level = 0
        for index in tokens.indices {
            let token = tokens[index]
            level += token.bracketDepthChange
            guard level == 0, token.isOperator("+") || token.isOperator("-"), index > start else { continue }
            switch combine(total, sign, tokens[start..<index], scopes: scopes, depth: depth) {
            case .success(let value): total = value
            case .failure(let error): return .failure(error)
            }
            sign = token.text
            start = index + 1
        }
        return combine(total, sign, tokens[start...], scopes: scopes, depth: depth)
    }

    private func combine(
        _ total: UInt64, _ sign: String?, _ term: ArraySlice<Token>, scopes: [String], depth: Int
    ) -> Result<UInt64, ResolutionError> {
        var product: UInt64 = 1
        var start = term.startIndex
        var level = 0
        var factors: [ArraySlice<Token>] = []
        for index in term.indices {
            level += term[index].bracketDepthChange
            if level == 0, term[index].isOperator("*") {
                factors.append(term[start..<index])
                start = index + 1
            }
        }
        factors.append(term[start...])
        for factor in factors {
            switch self.factor(factor, scopes: scopes, depth: depth) {
            case .success(let value):
                let (result, overflow) = product.multipliedReportingOverflow(by: value)
                guard !overflow else { return .failure(.init("the value overflows UInt64")) }
                product = result
            case .failure(let error): return .failure(error)
            }
        }
        let (result, overflow) =
            sign == "-" ? total.subtractingReportingOverflow(product) : total.addingReportingOverflow(product)
        guard !overflow else { return .failure(.init("the value is not a UInt64")) }
        return .success(result)
    }

    private func factor(_ tokens: ArraySlice<Token>, scopes: [String], depth: Int) -> Result<UInt64, ResolutionError> {
        guard let first = tokens.first, let last = tokens.last else { return .failure(.init("no value")) }
        if tokens.count == 1, first.kind == .integerLiteral {
            return Self.literal(first.text).map { .success($0) }
                ?? .failure(.init("'\(first.text)' is not a UInt64 literal"))
        }
        if first.isPunctuation("("), last.isPunctuation(")"), tokens.count > 2 {
            return integer(tokens.dropFirst().dropLast(), scopes: scopes, depth: depth + 1)
        }
        // `UInt64(5)`
        if Self.conversions.contains(first.text), tokens.count > 3,
            tokens.dropFirst().first?.isPunctuation("(") == true,
            last.isPunctuation(")")
        {
            return integer(tokens.dropFirst(2).dropLast(), scopes: scopes, depth: depth + 1)
        }
        var path: [String] = []
        for (offset, token) in tokens.enumerated() {
            let expectsName = offset % 2 == 0
            guard expectsName ? token.kind == .identifier : token.isPunctuation(".") else {
                return .failure(.init("'\(tokens.map(\.text).joined())' is not a constant"))
            }
            if expectsName { path.append(token.text) }
        }
        return constant(path, scopes: scopes, depth: depth)
    }

    /// A constant's value: `Self.version`, `Constants.version`, `version`, `Version.current.rawValue`.
    private func constant(_ written: [String], scopes: [String], depth: Int) -> Result<UInt64, ResolutionError> {
        var path = written
        if path.first == "Self" || path.first == "self" { path = (scopes.first.map { [$0] } ?? []) + path.dropFirst() }
        let shown = written.joined(separator: ".")
        if path.count >= 3, path.last == "rawValue" {
            guard let type = lookupType(Array(path.dropLast(2)), scopes: scopes), type.declaration.kind == .enum else {
                return .failure(.init("'\(shown)' names no enum in the input"))
            }
            return rawInteger(of: path[path.count - 2], in: type, scopes: scopes, depth: depth)
                ?? .failure(
                    .init("enum '\(type.qualifiedName)' has no case '\(path[path.count - 2])' with an integer value"))
        }
        guard path.last != nil else { return .failure(.init("no value")) }
        let candidates = constantNames(path, scopes: scopes)
        for candidate in candidates {
            guard let constant = models.constants[candidate], !constant.value.isEmpty else { continue }
            let owner = constant.owner.map { [$0] } ?? []
            return integer(constant.value[...], scopes: owner + scopes, depth: depth + 1).mapError { error in
                ResolutionError("'\(shown)' (\(constant.location)): \(error.message)")
            }
        }
        return .failure(.init("'\(shown)' is not a constant declared in the input"))
    }

    /// The raw value of `caseName` in an integer enum: written, or one more than the case before it (0 first).
    private func rawInteger(of caseName: String, in type: DeclaredType, scopes: [String], depth: Int)
        -> Result<UInt64, ResolutionError>?
    {
        var next: UInt64 = 0
        for active in models.flatten(type.declaration.members, file: type.file, conditions: []) {
            guard case .enumCase(let declaration) = active.declaration else { continue }
            for element in declaration.elements {
                var value = next
                if let raw = element.rawValue {
                    guard let written = Self.literal(raw) else { return nil }
                    value = written
                }
                if element.name == caseName { return .success(value) }
                next = value &+ 1
            }
        }
        return nil
    }

    /// An integer literal as Swift reads it: decimal, `0x`, `0o`, `0b`, with `_` separators.
    private static func literal(_ text: String) -> UInt64? {
        let digits = text.filter { $0 != "_" }
        for (prefix, radix) in [("0x", 16), ("0o", 8), ("0b", 2)] where digits.hasPrefix(prefix) {
            return UInt64(digits.dropFirst(2), radix: radix)
        }
        return UInt64(digits)
    }
}
