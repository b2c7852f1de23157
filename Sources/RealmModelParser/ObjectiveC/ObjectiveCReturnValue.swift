import ObjectiveCSourceSyntax
import RealmSchema
import SwiftDataCodegen

/// What a Realm class method (`+primaryKey`, `+ignoredProperties`, `+linkingObjectsProperties`…) returns, read from
/// the tokens of its `return` statement: string literals and constants, `NSStringFromSelector(@selector(name))`,
/// array and dictionary literals, `YES`/`NO`, `nil`. Anything else is left unread (`nil`), never guessed.
struct ObjectiveCReturnValue {
    /// The tokens after `return`, before its `;`.
    let tokens: ArraySlice<ObjectiveCToken>
    /// String constants the app declares (`kPrimaryKey` → `id`).
    let constants: [String: String]

    /// The first `return` statement of `body`; `nil` when it has none. A returned local variable
    /// (`NSDictionary *links = @{…}; return links;`, or one set once in a `dispatch_once` block) is read as the value
    /// last assigned to it before the `return`.
    init?(body: [ObjectiveCToken], constants: [String: String]) {
        guard let start = body.firstIndex(where: { $0.isIdentifier("return") }) else { return nil }
        var returned = Self.expression(in: body, from: start + 1)
        if returned.count == 1, let variable = returned.first, variable.kind == .identifier,
            constants[variable.text] == nil,
            let assignment = body[..<start].indices.last(where: { index in
                body[index].isIdentifier(variable.text) && index + 1 < start && body[index + 1].isPunctuation("=")
                    && !(index + 2 < start && body[index + 2].isPunctuation("="))
            })
        {
            returned = Self.expression(in: body, from: assignment + 2)
        }
        tokens = returned
        self.constants = constants
    }

    /// The tokens from `start` up to the `;` that ends the statement (outside brackets).
    private static func expression(in body: [ObjectiveCToken], from start: Int) -> ArraySlice<ObjectiveCToken> {
        var end = start
        var depth = 0
        while end < body.count {
            if depth == 0, body[end].isPunctuation(";") { break }
            depth += body[end].bracketDepthChange
            if depth < 0 { break }
            end += 1
        }
        return body[min(start, end)..<end]
    }

    private init(tokens: ArraySlice<ObjectiveCToken>, constants: [String: String]) {
        self.tokens = tokens
        self.constants = constants
    }

    /// Whether it returns `nil` (or `NULL`).
    var isNil: Bool { tokens.count == 1 && (tokens.first?.text == "nil" || tokens.first?.text == "NULL") }

    /// Whether it calls the superclass's method (`[super ignoredProperties]`).
    var mentionsSuper: Bool { tokens.contains { $0.isIdentifier("super") } }

    /// `YES`/`true` or `NO`/`false`; `nil` for anything else.
    var bool: Bool? {
        guard tokens.count == 1, let word = tokens.first?.text else { return nil }
        if word == "YES" || word == "true" { return true }
        if word == "NO" || word == "false" { return false }
        return nil
    }

    /// The one string it returns (`@"id"`, `kPrimaryKey`, `NSStringFromSelector(@selector(id))`).
    var string: String? {
        let strings = self.strings
        return strings.count == 1 ? strings.first : nil
    }

    /// Every string it names, in order (the items of `@[@"a", @"b"]`, of `[NSArray arrayWithObjects:@"a", nil]`).
    var strings: [String] {
        var result: [String] = []
        var index = tokens.startIndex
        while index < tokens.endIndex {
            let token = tokens[index]
            if token.kind == .objectString {
                result.append(ObjectiveCDeclarationReader.unquote(token.text))
            } else if token.kind == .identifier, let value = constants[token.text] {
                result.append(value)
            } else if token.isIdentifier("NSStringFromSelector"), let name = selectorName(after: index) {
                result.append(name.name)
                index = name.end
                continue
            }
            index += 1
        }
        return result
    }

    /// Whether every token is accounted for by a string, a literal's punctuation or a well-known array call: when
    /// `false`, the method computes its answer and ``strings`` may be incomplete.
    var isPlainStringList: Bool {
        let allowed: Set<String> = [
            "nil", "NSArray", "arrayWithObjects", "arrayWithObject", "NSStringFromSelector", "super", "self",
            "arrayByAddingObjectsFromArray", "arrayByAddingObject", "ignoredProperties", "indexedProperties",
            "requiredProperties",
        ]
        var previous: [ObjectiveCToken] = []
        for token in tokens {
            defer { previous.append(token) }
            guard token.kind == .identifier, !allowed.contains(token.text), constants[token.text] == nil else {
                continue
            }
            // The name in `@selector(name)`.
            if previous.count >= 2, previous[previous.count - 2].text == "@selector" { continue }
            return false
        }
        return true
    }

    /// `@selector(name)` after `NSStringFromSelector` at `index`: the name and the index after the call.
    private func selectorName(after index: Int) -> (name: String, end: Int)? {
        let parts = Array(tokens[index...].prefix(6))
        guard parts.count == 6, parts[1].isPunctuation("("), parts[2].text == "@selector", parts[3].isPunctuation("("),
            parts[4].kind == .identifier, parts[5].isPunctuation(")")
        else { return nil }
        return (parts[4].text, index + 7)
    }

    /// The entries of a dictionary literal `@{ key: value, … }` (the first one it returns), each key read as a
    /// string and each value as its own ``ObjectiveCReturnValue``; `nil` when it returns no dictionary literal.
    var dictionaryEntries: [(key: String?, value: ObjectiveCReturnValue, line: Int)]? {
        guard let at = tokens.firstIndex(where: { $0.isPunctuation("@") }), at + 1 < tokens.endIndex,
            tokens[at + 1].isPunctuation("{")
        else { return nil }
        var entries: [(String?, ObjectiveCReturnValue, Int)] = []
        var depth = 0
        var entryStart = at + 2
        var colon: Int?
        var index = at + 2
        while index < tokens.endIndex {
            let token = tokens[index]
            if depth == 0, token.isPunctuation(":"), colon == nil { colon = index }
            if depth == 0, token.isPunctuation(",") || token.isPunctuation("}") {
                if let colon, colon > entryStart {
                    let key = ObjectiveCReturnValue(tokens: tokens[entryStart..<colon], constants: constants).string
                    let value = ObjectiveCReturnValue(tokens: tokens[(colon + 1)..<index], constants: constants)
                    entries.append((key, value, tokens[entryStart].line))
                }
                if token.isPunctuation("}") { break }
                entryStart = index + 1
                colon = nil
            }
            depth += token.bracketDepthChange
            if depth < 0 { break }
            index += 1
        }
        return entries
    }

    /// For `[RLMPropertyDescriptor descriptorWithClass:Person.class propertyName:@"dogs"]`: the class and the
    /// property (the class also written `[Person class]`, `Person.self` or `NSClassFromString(@"Person")`).
    var propertyDescriptor: (className: String, propertyName: String)? {
        guard let classLabel = tokens.firstIndex(where: { $0.isIdentifier("descriptorWithClass") }),
            let nameLabel = tokens.firstIndex(where: { $0.isIdentifier("propertyName") }), nameLabel > classLabel
        else { return nil }
        let classTokens = tokens[(classLabel + 1)..<nameLabel].filter {
            !$0.isPunctuation(":") && !$0.isPunctuation("[") && !$0.isPunctuation("]") && !$0.isPunctuation("(")
                && !$0.isPunctuation(")")
        }
        let className: String?
        if classTokens.first?.isIdentifier("NSClassFromString") == true {
            className = classTokens.first { $0.kind == .objectString }.map {
                ObjectiveCDeclarationReader.unquote($0.text)
            }
        } else {
            className = classTokens.first { $0.kind == .identifier }?.text
        }
        let nameValue = ObjectiveCReturnValue(
            tokens: tokens[(nameLabel + 1)..<tokens.endIndex].filter { !$0.isPunctuation("]") }[...],
            constants: constants)
        guard let className, let propertyName = nameValue.strings.first else { return nil }
        return (className, propertyName)
    }

    /// The value as Swift source for a property of `type` (`@"x"` → `"x"`, `@0` → `0`, `@YES` → `true`,
    /// `[NSDate date]` → `Date()`), or `nil` when it is no literal or does not fit the type.
    func swiftLiteral(for type: PropertyType) -> String? {
        let parts = tokens.filter { !$0.isPunctuation("(") && !$0.isPunctuation(")") }
        let texts = parts.map(\.text)
        if parts.count == 1, parts[0].kind == .objectString {
            guard type == .string,
                let text = ObjectiveCLiteral.decodedString(ObjectiveCDeclarationReader.unquote(parts[0].text))
            else { return nil }
            return SwiftStringLiteral.quoting(text)
        }
        if parts.count == 1, parts[0].kind == .atKeyword {
            let word = parts[0].text.dropFirst()
            let truth = word == "YES" || word == "true"
            guard truth || word == "NO" || word == "false" else { return nil }
            switch type {
            case .bool: return truth ? "true" : "false"
            case .int, .float, .double: return truth ? "1" : "0"
            default: return nil
            }
        }
        if texts.first == "@", let number = parts.last, number.kind == .number,
            parts.count == 2 || (parts.count == 3 && parts[1].isPunctuation("-"))
        {
            guard let (digits, isInteger) = ObjectiveCLiteral.number(number.text, negative: parts.count == 3) else {
                return nil
            }
            switch type {
            case .bool where digits == "0" || digits == "1": return digits == "1" ? "true" : "false"
            case .int where isInteger: return digits
            case .float, .double: return digits
            default: return nil
            }
        }
        if texts == ["[", "NSDate", "date", "]"] || texts == ["[", "NSDate", "new", "]"]
            || texts == ["NSDate", ".", "date"]
        {
            return type == .date ? "Date()" : nil
        }
        if texts == ["[", "NSUUID", "UUID", "]"] || texts == ["[", "NSUUID", "new", "]"] {
            return type == .uuid ? "UUID()" : nil
        }
        if texts == ["[", "NSData", "data", "]"] || texts == ["[", "NSData", "new", "]"] {
            return type == .data ? "Data()" : nil
        }
        return nil
    }
}
