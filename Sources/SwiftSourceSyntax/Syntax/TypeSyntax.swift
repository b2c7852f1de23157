/// A Swift type as written in a declaration, reduced to what model conversion needs.
package indirect enum TypeSyntax: Sendable, Equatable {
    /// A (possibly qualified) named type with generic arguments on its last component: `RealmSwift.List<Item>`.
    case named(path: [String], arguments: [TypeSyntax])
    /// `T?`, `T!` or `Optional<T>`.
    case optional(TypeSyntax)
    /// `[T]`.
    case array(TypeSyntax)
    /// `[K: V]`.
    case dictionary(key: TypeSyntax, value: TypeSyntax)
    /// Anything else (tuples, functions, `some P`, compositions), as written.
    case other(String)

    /// The last path component of a named type (`List` for `RealmSwift.List<Item>`), `nil` otherwise.
    package var baseName: String? {
        if case .named(let path, _) = self { return path.last }
        return nil
    }

    /// The type written back as Swift.
    package var description: String {
        switch self {
        case .named(let path, let arguments):
            let name = path.joined(separator: ".")
            return arguments.isEmpty ? name : "\(name)<\(arguments.map(\.description).joined(separator: ", "))>"
        case .optional(let wrapped): return "\(wrapped.description)?"
        case .array(let element): return "[\(element.description)]"
        case .dictionary(let key, let value): return "[\(key.description): \(value.description)]"
        case .other(let text): return text
        }
    }
}

/// Reads a type from tokens; stops at the first token that cannot continue the type.
package struct TypeParser {
    private let tokens: ArraySlice<Token>
    package private(set) var index: Int
    /// How deeply the type being read nests (`[[…]]`, `List<List<…>>`); beyond `depthLimit` it is not a type.
    private var depth = 0
    private static let depthLimit = 64

    package init(tokens: ArraySlice<Token>) {
        self.tokens = tokens
        index = tokens.startIndex
    }

    private var current: Token? { index < tokens.endIndex ? tokens[index] : nil }

    /// Parses one type; returns `nil` when the tokens do not start with a type.
    package mutating func parseType() -> TypeSyntax? {
        guard depth < Self.depthLimit else { return nil }
        depth += 1
        defer { depth -= 1 }
        guard var type = parsePrimary() else { return nil }
        while let token = current {
            if token.isOperator("?") || token.isOperator("!") {
                type = .optional(type)
                index += 1
            } else if token.isOperator("&") {
                index += 1
                guard let other = parsePrimary() else { return type }
                type = .other("\(type.description) & \(other.description)")
            } else {
                break
            }
        }
        return type
    }

    private mutating func parsePrimary() -> TypeSyntax? {
        guard let token = current else { return nil }
        // Type attributes such as `@Sendable` or `@escaping`.
        if token.isPunctuation("@") {
            index += 1
            if current?.kind == .identifier { index += 1 }
            return parseType()
        }
        if token.kind == .identifier && (token.text == "some" || token.text == "any" || token.text == "inout") {
            index += 1
            guard let inner = parseType() else { return nil }
            return .other("\(token.text) \(inner.description)")
        }
        if token.isPunctuation("[") {
            index += 1
            guard let element = parseType() else { return nil }
            if current?.isPunctuation(":") == true {
                index += 1
                guard let value = parseType() else { return nil }
                guard current?.isPunctuation("]") == true else { return nil }
                index += 1
                return .dictionary(key: element, value: value)
            }
            guard current?.isPunctuation("]") == true else { return nil }
            index += 1
            return .array(element)
        }
        if token.isPunctuation("(") {
            return parseTupleOrFunction()
        }
        guard token.kind == .identifier else { return nil }
        var path: [String] = []
        var arguments: [TypeSyntax] = []
        while let part = current, part.kind == .identifier {
            path.append(part.text)
            index += 1
            arguments = []
            if current?.isOperator("<") == true {
                index += 1
                while let argument = parseType() {
                    arguments.append(argument)
                    if current?.isPunctuation(",") == true {
                        index += 1
                    } else {
                        break
                    }
                }
                guard current?.isOperator(">") == true else { return nil }
                index += 1
            }
            guard current?.isPunctuation(".") == true, index + 1 < tokens.endIndex,
                tokens[index + 1].kind == .identifier
            else { break }
            index += 1
        }
        if path == ["Optional"] || path == ["Swift", "Optional"], arguments.count == 1, let wrapped = arguments.first {
            return .optional(wrapped)
        }
        if path == ["Array"], arguments.count == 1, let element = arguments.first { return .array(element) }
        if path == ["Dictionary"], arguments.count == 2 { return .dictionary(key: arguments[0], value: arguments[1]) }
        return .named(path: path, arguments: arguments)
    }

    private mutating func parseTupleOrFunction() -> TypeSyntax? {
        let start = index
        var depth = 0
        while let token = current {
            if token.isPunctuation("(") { depth += 1 }
            if token.isPunctuation(")") { depth -= 1 }
            index += 1
            if depth == 0 { break }
        }
        var text = tokens[start..<index].map(\.text).joined(separator: " ")
        while let token = current, token.kind == .identifier, token.text == "async" || token.text == "throws" {
            text += " " + token.text
            index += 1
        }
        if current?.isOperator("->") == true {
            index += 1
            guard let result = parseType() else { return nil }
            text += " -> " + result.description
        }
        return .other(text)
    }
}
