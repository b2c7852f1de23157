import SwiftSourceSyntax

/// What written types and initializer expressions say: a type's name, kind and element, the type an initializer
/// makes, the class a query names.
extension ReceiverKinds {
    /// The (last component of the) type name at `start`, when it is one (`Item`, `RealmSwift.List`, `Item?`).
    static func typeName(at start: Int, _ navigator: TokenNavigator) -> String? {
        var index = start
        while navigator.isPunctuation(index, "@") { index += 2 }
        guard let first = navigator[index], first.kind == .identifier, first.text.first?.isUppercase == true else {
            return nil
        }
        var name = first.text
        while navigator.isPunctuation(index + 1, "."), let next = navigator[index + 2], next.kind == .identifier {
            name = next.text
            index += 2
        }
        return name
    }

    /// The element of the collection type at `start`: `Dog` for `Results<Dog>`, `Token` for `[Token]`.
    static func element(ofTypeAt start: Int, _ navigator: TokenNavigator) -> String? {
        genericArgument(at: start, navigator) ?? arrayElement(at: start, navigator)
    }

    /// The type an initializer makes or reads a static member of: `Env` for `Env()`, `try Env(…)`, `Env.shared`.
    static func initialisedType(at start: Int, _ navigator: TokenNavigator) -> String? {
        var index = start
        while let token = navigator[index],
            token.isIdentifier("try") || token.isIdentifier("await")
                || token.isOperator("?") || token.isOperator("!")
        {
            index += 1
        }
        guard let first = navigator[index], first.kind == .identifier, first.text.first?.isUppercase == true,
            navigator.isCallParenthesis(index + 1)
                || (navigator.isPunctuation(index + 1, ".") && navigator.isIdentifier(index + 2, "shared"))
        else { return nil }
        return first.text
    }

    /// Whether the call at `name` looks an object up by its type: Realm's `object(ofType:forPrimaryKey:)`, or an
    /// app's wrapper of it (`fetchObject(ofType:…)`).
    private static func isObjectLookup(at name: Int, _ navigator: TokenNavigator) -> Bool {
        guard let token = navigator[name], token.kind == .identifier, token.text.lowercased().hasSuffix("object"),
            navigator.isCallParenthesis(name + 1)
        else { return false }
        return navigator.labels(ofCallAt: name + 1).first == "ofType"
    }

    /// `X` in `[X]` (a type, or `[X]()`) at `start`.
    static func arrayElement(at start: Int, _ navigator: TokenNavigator) -> String? {
        guard navigator.isPunctuation(start, "["), let element = navigator[start + 1], element.kind == .identifier,
            navigator.isPunctuation(start + 2, "]")
        else { return nil }
        return element.text
    }

    /// `X` in `Results<X>` (or `RealmSwift.Results<X>`) at `start`.
    private static func genericArgument(at start: Int, _ navigator: TokenNavigator) -> String? {
        var index = start
        if navigator.isIdentifier(index, "RealmSwift"), navigator.isPunctuation(index + 1, ".") { index += 2 }
        guard let name = navigator[index]?.text, collectionTypes.contains(name), name != "Map",
            navigator[index + 1]?.isOperator("<") == true, let element = navigator[index + 2],
            element.kind == .identifier, navigator[index + 3]?.isOperator(">") == true
        else { return nil }
        return element.text
    }

    /// `X` in an initializer that starts a query with `objects(X.self)` on its first line.
    static func queriedClass(ofExpressionAt start: Int, _ navigator: TokenNavigator) -> String? {
        var cursor = start
        while let token = navigator[cursor], cursor - start < 200, cursor == start || !token.startsLine {
            if token.isPunctuation("."), navigator.isIdentifier(cursor + 1, "objects"),
                navigator.isCallParenthesis(cursor + 2), let type = navigator[cursor + 3], type.kind == .identifier,
                navigator.isPunctuation(cursor + 4, "."), navigator.isIdentifier(cursor + 5, "self")
            {
                return type.text
            }
            cursor += 1
        }
        return nil
    }
    private static let collectionTypes: Set<String> = [
        "Results", "List", "LinkingObjects", "MutableSet", "Map", "AnyRealmCollection", "SectionedResults",
        "RealmCollection",
    ]

    static func kind(ofTypeAt start: Int, _ navigator: TokenNavigator, _ modelClasses: Set<String>) -> ReceiverKind {
        var index = start
        while navigator.isPunctuation(index, "@") { index += 2 }
        guard let first = navigator[index] else { return .unknown }
        if first.isPunctuation("[") { return .swiftCollection }
        guard first.kind == .identifier else { return .unknown }
        let isQualified = first.text == "RealmSwift" && navigator.isPunctuation(index + 1, ".")
        if isQualified { index += 2 }
        guard let name = navigator[index]?.text else { return .unknown }
        // `file: ProxyFile(…)`: a call's argument, not a type.
        if navigator.isCallParenthesis(index + 1) { return .unknown }
        switch name {
        case "App": return .realmApp
        case "User" where isQualified: return .syncUser
        case "Realm":
            return navigator.isPunctuation(index + 1, ".") && navigator.isIdentifier(index + 2, "Configuration")
                ? .configuration : .realm
        case "DispatchQueue": return .dispatchQueue
        case "NotificationToken", "RLMNotificationToken": return .notificationToken
        case "RLMRealm": return .realm
        case "RLMRealmConfiguration": return .configuration
        case "NSPredicate", "NSCompoundPredicate": return .predicate
        case "Migration": return .migration
        case "SyncConfiguration": return .configuration
        case "Array", "Set", "Dictionary", "ContiguousArray": return .swiftCollection
        default:
            if collectionTypes.contains(name) { return .realmCollection }
            if modelClasses.contains(name) { return .modelObject }
            // A value after a call label (`Realm(configuration: config)`) is not a type: only a capitalised name is.
            return name.first?.isUppercase == true ? .other : .unknown
        }
    }

    /// The kind of the value of the expression starting at `start` (an initializer).
    static func kind(ofExpressionAt start: Int, _ navigator: TokenNavigator) -> ReceiverKind {
        var index = start
        while let token = navigator[index],
            token.isIdentifier("try") || token.isIdentifier("await") || token.isOperator("?") || token.isOperator("!")
        {
            index += 1
        }
        guard let first = navigator[index] else { return .unknown }
        if first.isPunctuation("[") { return .swiftCollection }
        if first.isIdentifier("Realm") {
            if navigator.isCallParenthesis(index + 1) { return .realm }
            if navigator.isPunctuation(index + 1, "."), navigator.isIdentifier(index + 2, "Configuration") {
                return .configuration
            }
        }
        if first.isIdentifier("DispatchQueue") { return .dispatchQueue }
        if first.isIdentifier("RLMRealmConfiguration"), navigator.isCallParenthesis(index + 1) { return .configuration }
        if first.isIdentifier("NSPredicate") || first.isIdentifier("NSCompoundPredicate"),
            navigator.isCallParenthesis(index + 1)
        {
            return .predicate
        }
        if first.isIdentifier("App"), navigator.isCallParenthesis(index + 1) { return .realmApp }
        if collectionTypes.contains(first.text) { return .realmCollection }
        if Self.isObjectLookup(at: index, navigator) { return .modelObject }
        // A query chain on the same line: `realm.objects(Dog.self).sorted(…)`. It ends where the expression does:
        // at a `,` outside brackets (`if let realm = getRealm(), let dog = realm.objects(…)` types `dog`, not
        // `realm`) or at a bracket that closes one opened before it. Its last member decides: a query step keeps
        // the query, `first` or `last` gives an object, anything else (`count`, the app's `uniqueObject(key:)`)
        // is left to the declarations.
        var cursor = index
        var depth = 0
        var last: String?
        while let token = navigator[cursor], cursor - index < 200, cursor == index || !token.startsLine {
            if token.kind == .punctuation {
                if ["(", "["].contains(token.text) { depth += 1 }
                if [")", "]"].contains(token.text) { depth -= 1 }
                if depth < 0 || (depth == 0 && token.text == ",") { break }
            }
            if token.isPunctuation("."), let member = navigator[cursor + 1] {
                switch member.text {
                case "objects", "where", "sorted", "distinct":
                    if depth > 0 { return .realmCollection }
                case _ where isObjectLookup(at: cursor + 1, navigator): return .modelObject
                case "login", "currentUser": return .syncUser
                case "flexibleSyncConfiguration", "configuration": return .configuration
                default: break
                }
                if depth == 0, last != nil || Self.queryMembers.contains(member.text) {
                    // A Swift `filter { }` or `sorted(by: { })` gives an array.
                    let isClosureStep =
                        navigator.isPunctuation(cursor + 2, "{")
                        || (navigator.isCallParenthesis(cursor + 2)
                            && navigator.firstArgument(ofCallAt: cursor + 2).map { navigator.isPunctuation($0, "{") }
                                == true)
                    last = isClosureStep && ["filter", "sorted"].contains(member.text) ? "{" : member.text
                }
            }
            if let partner = navigator.partner(of: cursor), partner > cursor, token.isPunctuation("{") { break }
            cursor += 1
        }
        switch last {
        case nil, "{": return .unknown
        case "first", "last": return .modelObject
        case let member? where Self.queryMembers.contains(member) || ["filter", "freeze", "thaw"].contains(member):
            return .realmCollection
        default: return .unknown
        }
    }

    private static let queryMembers: Set<String> = ["objects", "where", "sorted", "distinct"]
}
