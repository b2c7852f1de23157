import SwiftDataCodegen

/// Why one part of a query has no SwiftData equivalent.
struct Refusal: Error, Sendable {
    var message: String
    /// Where the part starts in the query text.
    var offset: Int?
    /// What to do instead.
    var instead: String
}

/// What the emitter collects while writing a predicate: the `let`s bound before it, the names it uses and the
/// notes on semantic differences.
struct EmitContext {
    /// The `let` lines, in order.
    private(set) var bindings: [String] = []
    private var taken: Set<String>
    private(set) var notes: [String] = []

    init(reserved: Set<String>) { taken = reserved }

    /// A fresh name based on `base` (`dog`, `dog2`…).
    mutating func name(_ base: String) -> String {
        var stem = base.isEmpty ? "value" : base
        if Self.keywords.contains(stem) { stem += "Value" }
        var candidate = stem
        var counter = 2
        while taken.contains(candidate) {
            candidate = "\(stem)\(counter)"
            counter += 1
        }
        taken.insert(candidate)
        return candidate
    }

    /// Binds `expression` to a new `let` (typed when `type` is given) and returns its name.
    mutating func bind(_ expression: String, named base: String, type: String?) -> String {
        let name = name(base)
        bindings.append("let \(name)\(type.map { ": \($0)" } ?? "") = \(expression)")
        return name
    }

    mutating func note(_ text: String) {
        if !notes.contains(text) { notes.append(text) }
    }

    static let keywords: Set<String> = [
        "as", "break", "case", "catch", "class", "continue", "default", "defer", "do", "else", "enum", "extension",
        "fallthrough", "false", "for", "func", "guard", "if", "import", "in", "init", "inout", "internal", "is", "let",
        "nil", "operator", "private", "protocol", "public", "repeat", "return", "self", "Self", "static", "struct",
        "subscript", "super", "switch", "throw", "throws", "true", "try", "typealias", "var", "where", "while",
    ]
}

extension String {
    /// `Dog` → `dog`.
    var lowercasedFirst: String { prefix(1).lowercased() + dropFirst() }

    /// A Swift string literal with this value.
    var swiftLiteral: String { SwiftStringLiteral.quoting(self) }
}
