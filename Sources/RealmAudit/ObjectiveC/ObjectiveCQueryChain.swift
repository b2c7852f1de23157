import ObjectiveCSourceSyntax

/// An Objective-C query chain (`[[Dog objectsWhere:@"age > %d", 3] sortedResultsUsingKeyPath:@"name"
/// ascending:YES]`) and the same chain in RealmSwift (`realm.objects(Dog.self).filter("age > %d", 3)
/// .sorted(byKeyPath: "name", ascending: true)`), which the query conversion reads.
struct ObjectiveCQueryChain: Sendable, Equatable {
    /// The API of its first step (the finding's).
    var selector: ObjectiveCRealmSelector.Name
    /// The token of its first step's selector (where the finding points).
    var firstStep: Int
    /// Its first token (the `[` of its outermost message) and its last (that message's `]`, or a property after it).
    var start: Int
    var end: Int
    /// The steps, as RealmSwift names them (`objects(_:)`, `filter(_:_:)`, `first`).
    var steps: [String]
    /// The chain in RealmSwift.
    var swift: String
    /// The effort: the hardest step's.
    var effort: RealmAuditEffort
    /// The element class of a chain from a variable, when its declaration shows it.
    var elementClass: String?
    /// How the first step's receiver was recognised, when no declaration showed it.
    var inference: String?
}

extension ObjectiveCRealmSelector {
    /// An API and the name the finding gives it.
    struct Name: Sendable, Equatable {
        var api: RealmAPI
        var name: String
    }
}

/// Writes Objective-C arguments and query steps as RealmSwift source, for the query conversion. What has no plain
/// Swift spelling (a C call, a message with arguments) becomes a placeholder name (`argument1`), so the converted
/// fetch still reads, with the value to pass in its place.
struct ObjectiveCSwiftSpelling {
    let brackets: ObjectiveCBrackets
    private(set) var placeholders = 0
    /// How deep `swift(_:)` is in nested literals (`@(@(…))`): deeper than real code goes is a placeholder.
    private var nesting = 0

    init(brackets: ObjectiveCBrackets) { self.brackets = brackets }

    private var tokens: [ObjectiveCToken] { brackets.tokens }

    /// The step `selector` with `arguments`, on a chain whose class is `modelClass`, in RealmSwift: the text to
    /// append (or, for a first step on a class, the whole start) and the step names.
    mutating func step(_ selector: String, arguments: [Range<Int>], modelClass: String?) -> (String, [String])? {
        let base = modelClass.map { "realm.objects(\($0).self)" }
        switch selector {
        case "allObjects", "allObjectsInRealm:":
            guard let base else { return nil }
            return (base, ["objects(_:)"])
        case "allObjects:":
            guard let name = arguments.first.flatMap(stringLiteral) else { return nil }
            return ("realm.objects(\(name).self)", ["objects(_:)"])
        case "objectsWhere:", "objectsInRealm:where:", "objects:where:":
            var values = arguments
            var start = base.map { $0 + "." } ?? "."
            if selector != "objectsWhere:" { values = Array(values.dropFirst()) }
            if selector == "objects:where:" {
                guard let name = arguments.first.flatMap(stringLiteral) else { return nil }
                start = "realm.objects(\(name).self)."
            }
            let formatArguments = formatAndArguments(values.flatMap { ObjectiveCMessage.split($0, in: brackets) })
            let steps =
                (base != nil || selector == "objects:where:" ? ["objects(_:)"] : [])
                + ["filter(_:\(formatArguments.dropFirst().map { _ in "_:" }.joined()))"]
            return (start + "filter(\(formatArguments.joined(separator: ", ")))", steps)
        case "objectsWithPredicate:", "objectsInRealm:withPredicate:", "objects:withPredicate:":
            guard let predicate = arguments.last else { return nil }
            let start = base.map { $0 + "." } ?? "."
            let steps = (base != nil ? ["objects(_:)"] : []) + ["filter(_:)"]
            return (start + "filter(\(predicateSpelling(predicate)))", steps)
        case "objectForPrimaryKey:", "objectInRealm:forPrimaryKey:":
            guard let modelClass, let key = arguments.last else { return nil }
            return (
                "realm.object(ofType: \(modelClass).self, forPrimaryKey: \(swift(key)))",
                ["object(ofType:forPrimaryKey:)"]
            )
        case "sortedResultsUsingKeyPath:ascending:", "sortedResultsUsingProperty:ascending:":
            guard arguments.count == 2 else { return nil }
            return (
                ".sorted(byKeyPath: \(swift(arguments[0])), ascending: \(swift(arguments[1])))",
                ["sorted(byKeyPath:ascending:)"]
            )
        case "sortedResultsUsingDescriptors:":
            guard let descriptors = arguments.first else { return nil }
            return (".sorted(by: \(descriptorsSpelling(descriptors)))", ["sorted(by:)"])
        case "distinctResultsUsingKeyPaths:":
            guard let keyPaths = arguments.first else { return nil }
            return (".distinct(by: \(swift(keyPaths)))", ["distinct(by:)"])
        case "firstObject": return (".first", ["first"])
        case "lastObject": return (".last", ["last"])
        case "count": return (".count", ["count"])
        default: return nil
        }
    }

    /// The class a string literal names (`@"Dog"` → `Dog`).
    private func stringLiteral(_ range: Range<Int>) -> String? {
        guard range.count == 1, tokens[range.lowerBound].kind == .objectString else { return nil }
        let text = tokens[range.lowerBound].text
        guard text.count >= 3 else { return nil }
        let name = String(text.dropFirst(2).dropLast())
        return name.allSatisfy { $0.isLetter || $0.isNumber || $0 == "_" } && !name.isEmpty ? name : nil
    }

    /// `[NSPredicate predicateWithFormat:@"…", a]` → `"…", a` (what `filter(_:_:)` takes); anything else as a value.
    private mutating func predicateSpelling(_ range: Range<Int>) -> String {
        if let message = ObjectiveCMessage.read(at: range.lowerBound, in: brackets),
            message.close + 1 == range.upperBound,
            tokens[message.receiver.lowerBound].isIdentifier("NSPredicate"), message.receiver.count == 1,
            message.selector == "predicateWithFormat:", let argument = message.parts.first?.argument
        {
            let values = formatAndArguments(ObjectiveCMessage.split(argument, in: brackets))
            return values.joined(separator: ", ")
        }
        return swift(range)
    }

    /// `@[[RLMSortDescriptor sortDescriptorWithKeyPath:@"a" ascending:YES]]` → `[SortDescriptor(keyPath: "a",
    /// ascending: true)]`; anything else as a value.
    private mutating func descriptorsSpelling(_ range: Range<Int>) -> String {
        guard range.count >= 3, tokens[range.lowerBound].isPunctuation("@"),
            tokens[range.lowerBound + 1].isPunctuation("["), tokens[range.upperBound - 1].isPunctuation("]")
        else { return swift(range) }
        let elements = ObjectiveCMessage.split((range.lowerBound + 2)..<(range.upperBound - 1), in: brackets)
        var spelled: [String] = []
        for element in elements {
            guard let message = ObjectiveCMessage.read(at: element.lowerBound, in: brackets),
                message.close + 1 == element.upperBound,
                tokens[message.receiver.lowerBound].isIdentifier("RLMSortDescriptor"),
                message.selector == "sortDescriptorWithKeyPath:ascending:"
                    || message.selector
                        == "sortDescriptorWithProperty:ascending:",
                let key = message.parts[0].argument, let ascending = message.parts[1].argument
            else { return swift(range) }
            spelled.append("SortDescriptor(keyPath: \(swift(key)), ascending: \(swift(ascending)))")
        }
        return "[\(spelled.joined(separator: ", "))]"
    }

    /// One argument in Swift: literals, names and member paths as they are, `YES`/`NO` as `true`/`false`,
    /// `@(x)` as `x`, a unary message on a name as a member (`[self minimum]` → `self.minimum`), an array literal
    /// element by element; anything else a placeholder.
    mutating func swift(_ range: Range<Int>) -> String {
        guard !range.isEmpty, nesting < 32 else { return placeholder() }
        nesting += 1
        defer { nesting -= 1 }
        let first = tokens[range.lowerBound]
        // Adjacent string literals are one string.
        if range.allSatisfy({ tokens[$0].kind == .objectString || tokens[$0].kind == .string }) {
            return "\"" + range.map { Self.literalBody(tokens[$0]) }.joined() + "\""
        }
        if range.count == 1 {
            switch first.kind {
            case .number: return Self.number(first.text)
            case .atKeyword where first.text == "@YES" || first.text == "@true": return "true"
            case .atKeyword where first.text == "@NO" || first.text == "@false": return "false"
            case .identifier:
                switch first.text {
                case "YES", "true", "TRUE": return "true"
                case "NO", "false", "FALSE": return "false"
                case "nil", "NULL", "Nil": return "nil"
                default: return first.text
                }
            default: return placeholder()
            }
        }
        if first.isPunctuation("-"), range.count == 2, tokens[range.lowerBound + 1].kind == .number {
            return "-" + Self.number(tokens[range.lowerBound + 1].text)
        }
        if first.isPunctuation("@"), range.count >= 2 {
            let next = tokens[range.lowerBound + 1]
            if next.kind == .number, range.count == 2 { return Self.number(next.text) }
            if next.isPunctuation("("), tokens[range.upperBound - 1].isPunctuation(")") {
                return swift((range.lowerBound + 2)..<(range.upperBound - 1))
            }
            if next.isPunctuation("["), tokens[range.upperBound - 1].isPunctuation("]") {
                let elements = ObjectiveCMessage.split((range.lowerBound + 2)..<(range.upperBound - 1), in: brackets)
                return "[" + elements.map { swift($0) }.joined(separator: ", ") + "]"
            }
        }
        // A member path: `self.minimum`, `filter.name`.
        if range.count % 2 == 1,
            stride(from: range.lowerBound, to: range.upperBound, by: 2).allSatisfy({
                tokens[$0].kind == .identifier
            }),
            stride(from: range.lowerBound + 1, to: range.upperBound, by: 2).allSatisfy({ tokens[$0].isPunctuation(".") }
            )
        {
            return range.map { tokens[$0].text }.joined()
        }
        if let message = ObjectiveCMessage.read(at: range.lowerBound, in: brackets),
            message.close + 1 == range.upperBound,
            message.parts.count == 1, message.parts[0].argument == nil, message.receiver.count == 1,
            tokens[message.receiver.lowerBound].kind == .identifier
        {
            return tokens[message.receiver.lowerBound].text + "." + message.parts[0].keyword
        }
        return placeholder()
    }

    /// A format and its arguments in Swift; the format's C length modifiers dropped (`%ld` → `%d`: Realm reads
    /// the argument's value, not its C width).
    private mutating func formatAndArguments(_ ranges: [Range<Int>]) -> [String] {
        var result = ranges.map { swift($0) }
        if let format = result.first, format.hasPrefix("\"") { result[0] = Self.withoutLengthModifiers(format) }
        return result
    }

    private static func withoutLengthModifiers(_ format: String) -> String {
        let modifiers: Set<Character> = ["h", "l", "q", "z", "t", "j"]
        let conversions: Set<Character> = ["d", "i", "o", "u", "x", "X", "f", "e", "E", "g", "G", "@"]
        var result = ""
        var characters = Substring(format)
        while let first = characters.first {
            characters = characters.dropFirst()
            result.append(first)
            guard first == "%" else { continue }
            let run = characters.prefix { modifiers.contains($0) }
            if !run.isEmpty, let conversion = characters.dropFirst(run.count).first, conversions.contains(conversion) {
                characters = characters.dropFirst(run.count)
            }
        }
        return result
    }

    private mutating func placeholder() -> String {
        placeholders += 1
        return "argument\(placeholders)"
    }

    private static func literalBody(_ token: ObjectiveCToken) -> String {
        var text = Substring(token.text)
        if text.hasPrefix("@") { text = text.dropFirst() }
        guard text.count >= 2 else { return "" }
        return String(text.dropFirst().dropLast())
    }

    /// A C number literal without its suffixes (`1.5f` → `1.5`, `10UL` → `10`).
    private static func number(_ text: String) -> String {
        if text.hasPrefix("0x") || text.hasPrefix("0X") {
            return String(text.prefix { $0.isHexDigit || $0 == "x" || $0 == "X" })
        }
        var result = Substring(text)
        while let last = result.last, "fFlLuU".contains(last) { result = result.dropLast() }
        return String(result)
    }
}
