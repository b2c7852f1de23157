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

    /// The type the initializer produces, or `nil` when it cannot be told from the tokens alone.
    mutating func inferType() -> TypeSyntax? {
        guard let first = tokens.first else { return nil }
        if tokens.count == 1 {
            switch first.kind {
            case .stringLiteral: return .named(path: ["String"], arguments: [])
            case .integerLiteral: return .named(path: ["Int"], arguments: [])
            case .floatLiteral: return .named(path: ["Double"], arguments: [])
            case .identifier where first.text == "true" || first.text == "false":
                return .named(path: ["Bool"], arguments: [])
            default: return nil
            }
        }
        if tokens.count == 2, first.isOperator("-") {
            if tokens[1].kind == .integerLiteral { return .named(path: ["Int"], arguments: []) }
            if tokens[1].kind == .floatLiteral { return .named(path: ["Double"], arguments: []) }
        }
        guard first.kind == .identifier else { return nil }
        // `UUID().uuidString`, `NSUUID().uuidString`
        if tokens.count >= 2, tokens[tokens.count - 1].isIdentifier("uuidString"),
            tokens[tokens.count - 2].isPunctuation(".")
        {
            return .named(path: ["String"], arguments: [])
        }
        var parser = TypeParser(tokens: tokens[...])
        guard let type = parser.parseType(), case .named(let path, _) = type else { return nil }
        let next = parser.index < tokens.count ? tokens[parser.index] : nil
        let baseName = path.last ?? ""
        // `ObjectId.generate()` is a static call, not a type: a lowercase last component is a member.
        let isMemberAccess = path.count >= 2 && baseName.first?.isLowercase == true
        // `makeDate()` is a function call whose type the tokens do not tell; `Date()` constructs a `Date`.
        if next?.isPunctuation("(") == true && path.count == 1 && baseName.first?.isUppercase != true { return nil }
        if next?.isPunctuation("(") == true && !isMemberAccess {
            // `Tags()` with `typealias Tags = List<String>` constructs the wrapper too.
            let constructed = path.count == 1 ? models.baseName(throughAliases: baseName, from: scope) : baseName
            if Self.wrappers.contains(constructed) && (path.count == 1 || path.first == "RealmSwift") {
                isWrapperConstructor = true
                if constructed == "LinkingObjects" { return linkingObjectsType(argumentsFrom: parser.index) }
            }
            return type
        }
        // `Date.distantPast`, `ObjectId.generate()`, `Status.active` (enum case), `Decimal128.zero`
        if path.count >= 2 {
            let owner = Array(path.dropLast())
            if let declared = models.lookup(owner, from: scope), declared.declaration.kind == .enum {
                return .named(path: owner, arguments: [])
            }
            if let name = owner.last, ["Date", "ObjectId", "UUID", "Decimal128", "Data"].contains(name) {
                return .named(path: [name], arguments: [])
            }
            // `Tier.basic` with `Tier` declared in a file not given: a case of that type (kept as assumed).
            if models.lookup(owner, from: scope) == nil, owner.last?.first?.isUppercase == true,
                path.count == owner.count + 1, tokens.count == 2 * path.count - 1
            {
                return .named(path: owner, arguments: [])
            }
        }
        return nil
    }

    /// `LinkingObjects(fromType: Person.self, property: "dogs")` → `LinkingObjects<Person>`, origin `dogs`.
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
            if tokens[index].isIdentifier("property"), tokens[index + 1].isPunctuation(":"),
                tokens[index + 2].kind == .stringLiteral
            {
                linkingOriginProperty = ClassExtractor.unquote(tokens[index + 2].text)
            }
            index += 1
        }
        return target.map { .named(path: ["LinkingObjects"], arguments: [$0]) }
    }
}
