import RealmSchema
import SwiftDataCodegen
import SwiftSourceSyntax

/// A `typealias` found in one of the files: `typealias Tags = List<String>`, `typealias Pairs<V> = Map<String, V>`.
struct DeclaredAlias {
    /// `Outer.Name` when nested in a type (or an extension of one).
    var qualifiedName: String
    /// The qualified name of the enclosing type, if nested: where the target's names are looked up.
    var enclosingName: String?
    /// The generic parameters (`["V"]`), in order.
    var parameters: [String]
    var target: TypeSyntax
    var location: SourceLocation

    /// Reads `typealias Name<P…> = Target` from its declaration text; `nil` when it has no target type.
    init?(text: String, enclosingName: String?, location: SourceLocation) {
        let tokens = Lexer.tokenize(text).tokens
        guard let keyword = tokens.firstIndex(where: { $0.isIdentifier("typealias") }),
            keyword + 1 < tokens.count, tokens[keyword + 1].kind == .identifier
        else { return nil }
        let name = tokens[keyword + 1].text
        var index = keyword + 2
        var parameters: [String] = []
        if index < tokens.count, tokens[index].isOperator("<") || tokens[index].text == "<" {
            index += 1
            while index < tokens.count, !(tokens[index].isOperator(">") || tokens[index].text == ">") {
                if tokens[index].kind == .identifier && !tokens[index - 1].isPunctuation(":") {
                    parameters.append(tokens[index].text)
                }
                index += 1
            }
            index += 1
        }
        guard index < tokens.count, tokens[index].isOperator("=") || tokens[index].text == "=" else { return nil }
        var parser = TypeParser(tokens: tokens[(index + 1)...])
        guard let target = parser.parseType() else { return nil }
        qualifiedName = enclosingName.map { "\($0).\(name)" } ?? name
        self.enclosingName = enclosingName
        self.parameters = parameters
        self.target = target
        self.location = location
    }
}

extension ModelExtractor {
    /// How many aliases one type may go through (chains and generic arguments together): beyond it, the type is an
    /// error, so a cycle or an exponential alias tree ends rather than hangs.
    static let aliasExpansionLimit = 64

    /// `type` with every alias the input declares replaced by what it stands for (generic arguments substituted,
    /// chains followed, the names they reach qualified where the alias was declared).
    func expandingAliases(_ type: TypeSyntax, from scope: String?) -> Result<TypeSyntax, ResolutionError> {
        var budget = Self.aliasExpansionLimit
        return expand(type, from: scope, chain: [], budget: &budget)
    }

    private func expand(_ type: TypeSyntax, from scope: String?, chain: [String], budget: inout Int)
        -> Result<TypeSyntax, ResolutionError>
    {
        switch type {
        case .optional(let wrapped):
            return expand(wrapped, from: scope, chain: chain, budget: &budget).map { .optional($0) }
        case .array(let element):
            return expand(element, from: scope, chain: chain, budget: &budget).map { .array($0) }
        case .dictionary(let key, let value):
            return expand(key, from: scope, chain: chain, budget: &budget).flatMap { key in
                expand(value, from: scope, chain: chain, budget: &budget).map { .dictionary(key: key, value: $0) }
            }
        case .other:
            return .success(type)
        case .named(let path, let arguments):
            var expanded: [TypeSyntax] = []
            for argument in arguments {
                switch expand(argument, from: scope, chain: chain, budget: &budget) {
                case .success(let value): expanded.append(value)
                case .failure(let error): return .failure(error)
                }
            }
            if let declared = lookup(path, from: scope) {
                // Reached through an alias: named as the alias's scope sees it, valid from anywhere.
                let qualified = chain.isEmpty ? path : declared.qualifiedName.split(separator: ".").map(String.init)
                return .success(.named(path: qualified, arguments: expanded))
            }
            guard let alias = lookupAlias(path, from: scope) else {
                return .success(.named(path: path, arguments: expanded))
            }
            if chain.contains(alias.qualifiedName) {
                return .failure(
                    .init(
                        "typealias cycle \((chain + [alias.qualifiedName]).joined(separator: " → ")) "
                            + "(\(alias.location))"))
            }
            budget -= 1
            guard budget >= 0 else {
                return .failure(
                    .init(
                        "typealias '\(alias.qualifiedName)' expands through more than \(Self.aliasExpansionLimit) aliases"
                    ))
            }
            guard alias.parameters.count == expanded.count else {
                return .failure(
                    .init(
                        "typealias '\(alias.qualifiedName)' takes \(alias.parameters.count) generic arguments, "
                            + "given \(expanded.count)"))
            }
            let substitutions = Dictionary(zip(alias.parameters, expanded), uniquingKeysWith: { first, _ in first })
            return expand(
                Self.substituting(substitutions, in: alias.target), from: alias.enclosingName,
                chain: chain + [alias.qualifiedName], budget: &budget)
        }
    }

    /// `type` with each generic parameter named in `substitutions` replaced by its argument.
    private static func substituting(_ substitutions: [String: TypeSyntax], in type: TypeSyntax) -> TypeSyntax {
        guard !substitutions.isEmpty else { return type }
        switch type {
        case .named(let path, let arguments):
            if path.count == 1, arguments.isEmpty, let argument = substitutions[path[0]] { return argument }
            return .named(path: path, arguments: arguments.map { substituting(substitutions, in: $0) })
        case .optional(let wrapped): return .optional(substituting(substitutions, in: wrapped))
        case .array(let element): return .array(substituting(substitutions, in: element))
        case .dictionary(let key, let value):
            return .dictionary(key: substituting(substitutions, in: key), value: substituting(substitutions, in: value))
        case .other: return type
        }
    }

    /// The last component of the type `name` stands for through aliases (`Tags` → `List`), or `name` itself.
    func baseName(throughAliases name: String, from scope: String?) -> String {
        guard case .success(let type) = expandingAliases(.named(path: [name], arguments: []), from: scope) else {
            return name
        }
        return type.baseName ?? name
    }
}
