import SwiftSourceSyntax

/// Infers a property's type from its initializer, the way legacy models declare most properties
/// (`@objc dynamic var name = ""`, `let dogs = List<Dog>()`,
/// `let owners = LinkingObjects(fromType: Person.self, property: "dogs")`).
struct InitializerInference {
    let tokens: [Token]
    let models: ModelExtractor
    let scope: String?
    /// Whether the initializer constructs a Realm wrapper (`List<T>()`, `RealmOptional<T>()`…) rather than a value.
    private(set) var isWrapperConstructor = false
    /// For `LinkingObjects(fromType:property:)`: the origin property.
    private(set) var linkingOriginProperty: String?

    init(tokens: [Token], models: ModelExtractor, scope: String?) {
        self.tokens = tokens
        self.models = models
        self.scope = scope
    }

    private static let wrappers: Set<String> = [
        "List", "MutableSet", "Map", "RealmOptional", "RealmProperty", "LinkingObjects",
    ]

    /// The type the initializer produces, or `nil` when the input does not tell it (see ``ExpressionTyper``).
    mutating func inferType() -> TypeSyntax? {
        guard let first = tokens.first else { return nil }
        if tokens.count == 2, first.isOperator("-") {
            if tokens[1].kind == .integerLiteral { return .named(path: ["Int"], arguments: []) }
            if tokens[1].kind == .floatLiteral { return .named(path: ["Double"], arguments: []) }
        }
        if first.kind == .identifier {
            var parser = TypeParser(tokens: tokens[...])
            if let type = parser.parseType(), case .named(let path, _) = type, parser.index < tokens.count,
                tokens[parser.index].isPunctuation("("), let baseName = path.last
            {
                // `Tags()` with `typealias Tags = List<String>` constructs the wrapper too.
                let constructed = path.count == 1 ? models.baseName(throughAliases: baseName, from: scope) : baseName
                if Self.wrappers.contains(constructed) && (path.count == 1 || path.first == "RealmSwift") {
                    isWrapperConstructor = true
                    if constructed == "LinkingObjects" { return linkingObjectsType(argumentsFrom: parser.index) }
                    return type
                }
            }
        }
        return ExpressionTyper(models: models, scope: scope).type(of: tokens[...])
    }

    /// `LinkingObjects(fromType: Person.self, property: "dogs")` → `LinkingObjects<Person>`, origin `dogs` (also
    /// written `property: #keyPath(Person.dogs)`).
    private mutating func linkingObjectsType(argumentsFrom start: Int) -> TypeSyntax? {
        var target: TypeSyntax?
        var index = start
        while index + 2 < tokens.count {
            if tokens[index].isIdentifier("fromType"), tokens[index + 1].isPunctuation(":") {
                var parser = TypeParser(tokens: tokens[(index + 2)...])
                // `Person.self` reads as the path `Person.self`; the type is `Person`.
                if case .named(let path, let arguments) = parser.parseType() {
                    target = .named(path: path.last == "self" ? Array(path.dropLast()) : path, arguments: arguments)
                }
            }
            if tokens[index].isIdentifier("property"), tokens[index + 1].isPunctuation(":") {
                if tokens[index + 2].kind == .stringLiteral {
                    linkingOriginProperty = ClassExtractor.unquote(tokens[index + 2].text)
                } else if let name = keyPathLastName(at: index + 2) {
                    linkingOriginProperty = name
                }
            }
            index += 1
        }
        return target.map { .named(path: ["LinkingObjects"], arguments: [$0]) }
    }

    /// The last name of `#keyPath(Dog.owner)` or `#keyPath(owner)` starting at `start`; `nil` for anything else.
    private func keyPathLastName(at start: Int) -> String? {
        guard start + 1 < tokens.count, tokens[start].kind == .poundKeyword, tokens[start].text == "#keyPath",
            tokens[start + 1].isPunctuation("(")
        else { return nil }
        var index = start + 2
        var last: String?
        while index < tokens.count, !tokens[index].isPunctuation(")") {
            if tokens[index].kind == .identifier {
                last = tokens[index].text
            } else if !tokens[index].isPunctuation(".") {
                return nil
            }
            index += 1
        }
        return index < tokens.count ? last : nil
    }
}
