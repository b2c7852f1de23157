/// Turns names from Realm schemas into valid Swift identifiers.
enum SwiftIdentifier {
    private static let reserved: Set<String> = [
        "associatedtype", "class", "deinit", "enum", "extension", "fileprivate", "func", "import", "init", "inout",
        "internal", "let", "open", "operator", "private", "precedencegroup", "protocol", "public", "rethrows",
        "static", "struct", "subscript", "typealias", "var", "break", "case", "catch", "continue", "default", "defer",
        "do", "else", "fallthrough", "for", "guard", "if", "in", "repeat", "return", "throw", "switch", "where",
        "while", "Any", "as", "false", "is", "nil", "self", "Self", "super", "throws", "true", "try",
    ]

    /// A valid identifier for `name`: invalid characters become `_`, and a leading digit gets a `_` in front.
    static func sanitized(_ name: String) -> String {
        var result = String(name.map { $0.isLetter || $0.isNumber || $0 == "_" ? $0 : "_" })
        if result.isEmpty || result.first?.isNumber == true { result = "_" + result }
        return result
    }

    /// `name` as an argument label in a call: only `inout`, `var` and `let` need backticks there (the compiler warns
    /// about other escaped keywords).
    static func argumentLabel(_ name: String) -> String {
        ["inout", "var", "let"].contains(name) ? "`\(name)`" : name
    }

    /// `name` as written in a declaration or an argument label: reserved words get backticks.
    static func declared(_ name: String) -> String {
        reserved.contains(name) ? "`\(name)`" : name
    }
}
