import SwiftDataCodegen
import SwiftSourceSyntax

/// What the reader made of one method: the generated member's parts, or the reason it stays a skeleton.
struct OperationPlan {
    var original: String
    var line: Int
    var name: String
    var parameters: [String] = []
    var resultType: String?
    var body: [String] = []
    var isThrowing = false
    var notes: [String] = []
    var pendingQueries: [String] = []
    /// Why the method is a skeleton; `nil` when converted.
    var skeletonReason: String?
    /// The original body as written (for the skeleton's comment).
    var originalBody: String

    var declaration: String {
        var text = "func \(name)(\(parameters.joined(separator: ", ")))"
        if isThrowing || skeletonReason != nil { text += " throws" }
        if let resultType { text += " -> \(resultType)" }
        return text
    }
}

/// How a parameter of the original method is used, and what it becomes.
enum ParameterRole {
    /// A `Realm`: dropped (the actor's context replaces it).
    case realm
    /// A Realm object (or array of them) of the given Realm class.
    case model(realmClass: String, isArray: Bool)
    /// A `ThreadSafeReference<T>`: becomes a `PersistentIdentifier`.
    case reference(realmClass: String)
    /// A completion handler: dropped; what it receives becomes the result. `valueType` is its argument type
    /// (`[RealmTrack]`), `isResult` whether that is wrapped in `Result<…, Error>`.
    case completion(valueType: String?, isResult: Bool)
    /// Anything else: kept as written.
    case plain
}

extension FunctionParameter {
    /// How the parameter reads given the app's models.
    func role(_ catalog: GeneratedModelCatalog) -> ParameterRole {
        if typeText.contains("->") {
            let (value, isResult) = Self.closureArgument(typeText)
            return .completion(valueType: value, isResult: isResult)
        }
        guard let type else { return .plain }
        switch type {
        case .named(let path, let arguments) where path.last == "Realm" && arguments.isEmpty: return .realm
        case .optional(.named(let path, [])) where path.last == "Realm": return .realm
        case .named(let path, let arguments) where path.last == "ThreadSafeReference":
            if let target = arguments.first?.baseName, catalog[realmClass: target] != nil {
                return .reference(realmClass: target)
            }
        case .named(let path, []) where catalog[realmClass: path.last ?? ""] != nil:
            return .model(realmClass: path.last ?? "", isArray: false)
        case .array(.named(let path, [])) where catalog[realmClass: path.last ?? ""] != nil:
            return .model(realmClass: path.last ?? "", isArray: true)
        case .named(let path, let arguments) where ["List", "Results"].contains(path.last ?? ""):
            if let target = arguments.first?.baseName, catalog[realmClass: target] != nil {
                return .model(realmClass: target, isArray: true)
            }
        default: break
        }
        return .plain
    }

    /// The argument type of a closure type (`@escaping ([Track]) -> Void` → `[Track]`), unwrapping `Result<T, E>`.
    static func closureArgument(_ typeText: String) -> (String?, Bool) {
        let lexer = Lexer.tokenize(typeText)
        let run = TokenRun(lexer.tokens[...], lexer)
        guard let open = run.tokens.firstIndex(where: { $0.isPunctuation("(") }), let close = run.closing(from: open),
            close > open + 1
        else { return (nil, false) }
        let inside = run.sub((open + 1)..<close)
        if inside.starts(with: ["Result", "<"]) || inside.starts(with: ["Swift", ".", "Result", "<"]) {
            guard let angle = inside.tokens.firstIndex(where: { $0.isOperator("<") }) else { return (nil, true) }
            var depth = 0
            var end = angle + 1
            while end < inside.tokens.endIndex {
                let token = inside.tokens[end]
                if token.isOperator("<") || token.isPunctuation("[") || token.isPunctuation("(") { depth += 1 }
                if token.isOperator(">") || token.isPunctuation("]") || token.isPunctuation(")") { depth -= 1 }
                if depth == 0 && token.isPunctuation(",") { break }
                end += 1
            }
            return (inside.sub((angle + 1)..<end).text, true)
        }
        let text = inside.text
        return (text == "Void" || text.isEmpty ? nil : text, false)
    }
}
