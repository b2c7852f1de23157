/// An attribute as written: `@Persisted(primaryKey: true)`, `@objc`, `@available(iOS 17, *)`.
package struct AttributeSyntax: Sendable, Equatable {
    /// The attribute name without `@` (`Persisted`, `objc`).
    package var name: String
    /// The tokens between the parentheses, if the attribute has an argument list.
    package var arguments: [Token]?

    /// The literal text of the argument labelled `label` (`originProperty: "tracks"` → `"tracks"`).
    package func argument(_ label: String) -> [Token]? {
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
package enum TypeDeclarationKind: String, Sendable {
    case `class`, `struct`, `enum`, `protocol`, `extension`, `actor`
}

/// A `class`, `struct`, `enum`, `protocol`, `actor` or `extension` declaration.
package struct TypeDeclaration: Sendable {
    package var kind: TypeDeclarationKind
    /// The declared name (for an extension: the extended type, possibly qualified).
    package var name: String
    package var attributes: [AttributeSyntax]
    package var modifiers: [String]
    /// The inheritance clause, in order (`Object`, `ObjectKeyIdentifiable`; for enums the raw type comes first).
    package var inheritance: [TypeSyntax]
    package var members: [Declaration]
    package var line: Int
    package var start: Int
    package var end: Int
}

/// One `var`/`let` binding (a declaration with several bindings yields several of these).
package struct VariableDeclaration: Sendable {
    package var attributes: [AttributeSyntax]
    package var modifiers: [String]
    package var isLet: Bool
    package var name: String
    package var type: TypeSyntax?
    /// The initializer expression's tokens (after `=`), if any.
    package var initializer: [Token]?
    /// The initializer as written.
    package var initializerText: String?
    /// Whether a `{ … }` block follows; `hasObserversOnly` tells `willSet`/`didSet` apart from getters.
    package var hasAccessorBlock: Bool
    package var hasObserversOnly: Bool
    package var line: Int
    package var start: Int
    package var end: Int

    /// Whether the variable stores a value (no getter): the only kind a database can persist.
    package var isStored: Bool { !hasAccessorBlock || hasObserversOnly }
    package func hasAttribute(_ name: String) -> Bool { attributes.contains { $0.name == name } }
    package func attribute(_ name: String) -> AttributeSyntax? { attributes.first { $0.name == name } }
}

/// A `func`, `init`, `subscript` or `deinit`.
package struct FunctionDeclaration: Sendable {
    /// `func`, `init`, `subscript` or `deinit`.
    package var keyword: String
    /// The name with argument labels (`play(at:)`), or the keyword for initializers and the like.
    package var name: String
    package var modifiers: [String]
    package var attributes: [AttributeSyntax]
    /// The tokens of the body, braces excluded; empty for a requirement without body.
    package var body: [Token]
    package var line: Int
    package var start: Int
    package var end: Int
    /// The parameters, in order.
    package var parameters: [FunctionParameter] = []
    /// What follows the parameter list up to the body, as written: effects, result type, `where` clause
    /// (`async throws -> [Track]`); empty when there is none.
    package var signatureTail: String = ""
    /// Byte offset of the body's `{`, when there is a body.
    package var bodyStart: Int?

    /// The result type written after `->`, if any (`[Track]` for `async throws -> [Track]`).
    package var resultType: String?
    /// The effects written before the result type (`async`, `throws`, `rethrows`).
    package var effects: [String] = []
}

/// One parameter of a function or initializer: `_ track: RealmTrack`, `into realm: Realm`,
/// `completion: @escaping ([Track]) -> Void = { _ in }`.
package struct FunctionParameter: Sendable, Equatable {
    /// The argument label (`_` when there is none, the name when only one is written).
    package var label: String
    /// The parameter name used in the body.
    package var name: String
    /// The type as written, attributes included (`@escaping ([Track]) -> Void`).
    package var typeText: String
    /// The type, when it reads as one (attributes and `inout` removed).
    package var type: TypeSyntax?
    /// The default value as written, if any.
    package var defaultText: String?
}

/// `case a, b = "x"` inside an enum.
package struct EnumCaseDeclaration: Sendable {
    package var elements: [(name: String, rawValue: String?, hasAssociatedValues: Bool)]
    package var line: Int
}

/// `#if … #elseif … #else … #endif` around declarations.
package struct ConditionalBlock: Sendable {
    /// Each clause: its condition as written (`nil` for `#else`) and its declarations.
    package var clauses: [(condition: String?, declarations: [Declaration])]
    package var line: Int
}

/// A declaration in a file or a type body.
package indirect enum Declaration: Sendable {
    case type(TypeDeclaration)
    case variable(VariableDeclaration)
    case function(FunctionDeclaration)
    case enumCase(EnumCaseDeclaration)
    case conditional(ConditionalBlock)
    /// `typealias`, `import`, `associatedtype`, operators, macros, stray statements: kept with their text.
    case other(keyword: String, name: String?, line: Int, start: Int, end: Int)
}
