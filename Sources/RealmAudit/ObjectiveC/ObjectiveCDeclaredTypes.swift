import ObjectiveCSourceSyntax

/// The types a file's declarations give its names: variables, properties, instance variables, method and block
/// parameters (`RLMRealm *realm`, `@property RLMResults<Dog *> *dogs;`, `(RLMMigration *)migration`). Scopes are not
/// told apart: a name declared with two types is unknown.
struct ObjectiveCDeclaredTypes: Sendable {
    /// A declared type: its name and, for a Realm collection, its element class.
    struct Declared: Sendable, Equatable {
        var type: String
        var element: String?
    }

    /// Name → its one declared type (`nil`: declared with different types).
    private(set) var names: [String: Declared?] = [:]

    /// Nothing declared.
    init() {}

    /// The declarations in `tokens`; `models` names the model classes, so `RLMResults *dogs = [Dog allObjects]`
    /// knows its element class.
    init(tokens: [ObjectiveCToken], models: Set<String>) {
        // A collection initialised by a query on another (`RLMResults *young = [old objectsWhere:…]`) holds its
        // elements: resolved after every declaration is read.
        var initialisedFrom: [(name: String, source: String)] = []
        for index in tokens.indices where tokens[index].kind == .identifier {
            guard let (name, declared) = Self.declaration(at: index, in: tokens, models: models) else { continue }
            add(name, declared)
            if declared.element == nil, Self.collections.contains(declared.type),
                let source = Self.initialiserReceiver(ofDeclarationAt: index, in: tokens)
            {
                initialisedFrom.append((name, source))
            }
        }
        for (name, source) in initialisedFrom {
            guard case .some(.some(let declared)) = names[name], declared.element == nil,
                case .some(.some(let from)) = names[source], Self.collections.contains(from.type),
                let element = from.element
            else { continue }
            names[name] = Declared(type: declared.type, element: element)
        }
    }

    /// `source` in `RLMResults *name = [source …]`, for the declaration whose type is at `index`.
    private static func initialiserReceiver(ofDeclarationAt index: Int, in tokens: [ObjectiveCToken]) -> String? {
        var next = index + 1
        while next < tokens.count, next < index + 16, !tokens[next].isPunctuation("=") {
            if tokens[next].isPunctuation(";") { return nil }
            next += 1
        }
        guard next + 2 < tokens.count, tokens[next].isPunctuation("="), tokens[next + 1].isPunctuation("["),
            tokens[next + 2].kind == .identifier
        else { return nil }
        return tokens[next + 2].text
    }

    /// What the methods `tokens` declare return, by their first keyword (`- (RLMRealm *)realm`,
    /// `+ (instancetype)sharedStore`): shared by every file, so a message to a method declared in a header the
    /// file does not import directly is typed too.
    static func methodReturns(tokens: [ObjectiveCToken], models: Set<String>) -> ObjectiveCDeclaredTypes {
        var result = ObjectiveCDeclaredTypes()
        for index in tokens.indices.dropFirst(2) where tokens[index].kind == .identifier {
            guard tokens[index - 1].isPunctuation("("),
                tokens[index - 2].isPunctuation("-") || tokens[index - 2].isPunctuation("+"),
                let (name, declared) = declaration(at: index, in: tokens, models: models)
            else { continue }
            result.add(name, declared)
        }
        return result
    }

    /// Adds another file's declarations (its header's properties).
    mutating func merge(_ other: ObjectiveCDeclaredTypes) {
        for (name, declared) in other.names {
            guard let declared else {
                names[name] = .some(nil)
                continue
            }
            add(name, declared)
        }
    }

    private mutating func add(_ name: String, _ declared: Declared) {
        if let existing = names[name] {
            if existing != declared {
                // An element class known in one declaration only is kept.
                if let existing,
                    existing.type == declared.type
                        || (Self.collections.contains(existing.type) && Self.collections.contains(declared.type)),
                    existing.element == nil || declared.element == nil || existing.element == declared.element
                {
                    // One kind of value in every declaration (a Realm collection of one class, say).
                    names[name] = Declared(type: existing.type, element: existing.element ?? declared.element)
                } else {
                    names[name] = .some(nil)
                }
            }
        } else {
            names[name] = declared
        }
    }

    /// The type of `name`; `_name` (a property's instance variable) falls back to `name`.
    func type(of name: String) -> Declared? {
        if let found = names[name] { return found }
        if name.hasPrefix("_"), let found = names[String(name.dropFirst())] { return found }
        return nil
    }

    /// Whether `name` is declared at all (with one type or several).
    func isDeclared(_ name: String) -> Bool {
        names[name] != nil || (name.hasPrefix("_") && names[String(name.dropFirst())] != nil)
    }

    /// Realm's collection types: a name declared with two of them holds a Realm collection either way.
    private static let collections: Set<String> = [
        "RLMResults", "RLMArray", "RLMSet", "RLMLinkingObjects", "RLMSectionedResults",
    ]

    private static let qualifiers: Set<String> = [
        "const", "nullable", "nonnull", "_Nullable", "_Nonnull", "__nullable", "__nonnull", "_Null_unspecified",
        "null_unspecified", "__strong", "__weak", "__unsafe_unretained", "__autoreleasing", "__block",
    ]

    /// `Type<…> * name` followed by `=`, `;`, `,`, `)` or `[`; or `(Type<…> *)name` (a method parameter).
    private static func declaration(at index: Int, in tokens: [ObjectiveCToken], models: Set<String>)
        -> (String, Declared)?
    {
        let type = tokens[index].text
        guard let first = type.first, first.isUppercase || type == "id" || type == "instancetype" else { return nil }
        var next = index + 1
        var element: String?
        if next < tokens.count, tokens[next].isPunctuation("<") {
            // `RLMResults<Dog *>` or `RLMArray<Dog *><Dog>`: the first identifier inside is the element class.
            while next < tokens.count, tokens[next].isPunctuation("<") {
                var depth = 0
                let limit = min(tokens.count, next + 64)  // a comparison's `<` is no type's
                while next < limit {
                    if tokens[next].isPunctuation("<") { depth += 1 }
                    if tokens[next].isPunctuation(">") { depth -= 1 }
                    if element == nil, tokens[next].kind == .identifier, !qualifiers.contains(tokens[next].text) {
                        element = tokens[next].text
                    }
                    next += 1
                    if depth == 0 { break }
                }
                guard depth == 0 else { return nil }
            }
        }
        var pointers = 0
        while next < tokens.count, tokens[next].isPunctuation("*") || qualifiers.contains(tokens[next].text) {
            if tokens[next].isPunctuation("*") { pointers += 1 }
            next += 1
        }
        guard pointers > 0 || type == "id" || type == "instancetype", next < tokens.count else { return nil }
        var nameIndex = next
        if tokens[next].isPunctuation(")") {
            // A method parameter: `(RLMRealm *)realm`.
            guard index > 0, tokens[index - 1].isPunctuation("("), next + 1 < tokens.count else { return nil }
            nameIndex = next + 1
        }
        guard tokens[nameIndex].kind == .identifier, nameIndex + 1 < tokens.count else { return nil }
        let after = tokens[nameIndex + 1]
        if nameIndex == next {
            guard after.kind == .punctuation, ["=", ";", ",", ")", "["].contains(after.text) else { return nil }
        }
        if element == nil, after.isPunctuation("="), ["RLMResults", "RLMArray"].contains(type),
            nameIndex + 3 < tokens.count, tokens[nameIndex + 2].isPunctuation("["),
            models.contains(tokens[nameIndex + 3].text)
        {
            element = tokens[nameIndex + 3].text
        }
        return (tokens[nameIndex].text, Declared(type: type, element: element))
    }
}
