/// An attribute as written: `@Persisted(primaryKey: true)`, `@objc`, `@available(iOS 17, *)`.
struct AttributeSyntax: Sendable, Equatable {
    /// The attribute name without `@` (`Persisted`, `objc`).
    var name: String
    /// The tokens between the parentheses, if the attribute has an argument list.
    var arguments: [Token]?

    /// The literal text of the argument labelled `label` (`originProperty: "tracks"` → `"tracks"`).
    func argument(_ label: String) -> [Token]? {
        guard let arguments else { return nil }
        var index = 0
        while index + 1 < arguments.count {
            if arguments[index].isIdentifier(label) && arguments[index + 1].isPunctuation(":") {
                var value: [Token] = []
                var cursor = index + 2
                var depth = 0
                while cursor < arguments.count {
                    let token = arguments[cursor]
                    if depth == 0 && token.isPunctuation(",") { break }
                    if token.isPunctuation("(") || token.isPunctuation("[") { depth += 1 }
                    if token.isPunctuation(")") || token.isPunctuation("]") { depth -= 1 }
                    value.append(token)
                    cursor += 1
                }
                return value
            }
            index += 1
        }
        return nil
    }
}

/// What a declaration keyword introduced.
enum TypeDeclarationKind: String, Sendable {
    case `class`, `struct`, `enum`, `protocol`, `extension`, `actor`
}

/// A `class`, `struct`, `enum`, `protocol`, `actor` or `extension` declaration.
struct TypeDeclaration: Sendable {
    var kind: TypeDeclarationKind
    /// The declared name (for an extension: the extended type, possibly qualified).
    var name: String
    var attributes: [AttributeSyntax]
    var modifiers: [String]
    /// The inheritance clause, in order (`Object`, `ObjectKeyIdentifiable`; for enums the raw type comes first).
    var inheritance: [TypeSyntax]
    var members: [Declaration]
    var line: Int
    var start: Int
    var end: Int
}

/// One `var`/`let` binding (a declaration with several bindings yields several of these).
struct VariableDeclaration: Sendable {
    var attributes: [AttributeSyntax]
    var modifiers: [String]
    var isLet: Bool
    var name: String
    var type: TypeSyntax?
    /// The initializer expression's tokens (after `=`), if any.
    var initializer: [Token]?
    /// The initializer as written.
    var initializerText: String?
    /// Whether a `{ … }` block follows; `hasObserversOnly` tells `willSet`/`didSet` apart from getters.
    var hasAccessorBlock: Bool
    var hasObserversOnly: Bool
    var line: Int
    var start: Int
    var end: Int

    /// Whether the variable stores a value (no getter): the only kind a database can persist.
    var isStored: Bool { !hasAccessorBlock || hasObserversOnly }
    func hasAttribute(_ name: String) -> Bool { attributes.contains { $0.name == name } }
    func attribute(_ name: String) -> AttributeSyntax? { attributes.first { $0.name == name } }
}

/// A `func`, `init`, `subscript` or `deinit`.
struct FunctionDeclaration: Sendable {
    /// `func`, `init`, `subscript` or `deinit`.
    var keyword: String
    /// The name with argument labels (`play(at:)`), or the keyword for initializers and the like.
    var name: String
    var modifiers: [String]
    var attributes: [AttributeSyntax]
    /// The tokens of the body, braces excluded; empty for a requirement without body.
    var body: [Token]
    var line: Int
    var start: Int
    var end: Int
}

/// `case a, b = "x"` inside an enum.
struct EnumCaseDeclaration: Sendable {
    var elements: [(name: String, rawValue: String?, hasAssociatedValues: Bool)]
    var line: Int
}

/// `#if … #elseif … #else … #endif` around declarations.
struct ConditionalBlock: Sendable {
    /// Each clause: its condition as written (`nil` for `#else`) and its declarations.
    var clauses: [(condition: String?, declarations: [Declaration])]
    var line: Int
}

/// A declaration in a file or a type body.
indirect enum Declaration: Sendable {
    case type(TypeDeclaration)
    case variable(VariableDeclaration)
    case function(FunctionDeclaration)
    case enumCase(EnumCaseDeclaration)
    case conditional(ConditionalBlock)
    /// `typealias`, `import`, `associatedtype`, operators, macros, stray statements: kept with their text.
    case other(keyword: String, name: String?, line: Int, start: Int, end: Int)
}
