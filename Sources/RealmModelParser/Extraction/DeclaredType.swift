import RealmSchema
import SwiftDataCodegen
import SwiftSourceSyntax

/// A type declaration found in one of the files, with the context needed to interpret it.
struct DeclaredType {
    var declaration: TypeDeclaration
    /// `Outer.Inner` for nested types; the extended type's name for extensions.
    var qualifiedName: String
    /// The qualified name of the enclosing type, if nested.
    var enclosingName: String?
    var file: String
    /// The lexed file, for source text and comments.
    var source: Lexer
    /// The `#if` clauses the declaration sits under, outermost first.
    var conditions: [SourceCondition.Clause]

    var location: SourceLocation { SourceLocation(file: file, line: declaration.line) }
}

/// A declaration together with the `#if` clauses it sits under, outermost first.
struct ActiveDeclaration {
    var declaration: Declaration
    var conditions: [SourceCondition.Clause]
}

extension Lexer {
    /// The comments on `line`, in order.
    func comments(onLine line: Int) -> [String] {
        (commentsByLine[line] ?? []).map { comments[$0].text }
    }
}

/// A `static let`/`static var` or top-level constant with its initializer, for resolving what overrides return and
/// what initializers that name it are.
struct DeclaredConstant {
    /// The initializer's tokens; empty for a computed variable (its type is written).
    var value: [Token]
    /// The type annotation, when written (`static let limit: Int = 500`).
    var type: TypeSyntax?
    /// The qualified name of the declaring type, `nil` at top level.
    var owner: String?
    var location: SourceLocation
}

extension SourceCondition {
    /// The clauses the generated code keeps: all but `#if canImport(RealmSwift)` (or `Realm`), which only guards
    /// the import around models; `nil` when none is left.
    static func kept(_ clauses: some Sequence<Clause>) -> SourceCondition? {
        let kept = clauses.filter { clause in
            guard clause.index == 0, let written = clause.conditions.first ?? nil else { return true }
            let compact = written.filter { !$0.isWhitespace }
            return compact != "canImport(RealmSwift)" && compact != "canImport(Realm)"
        }
        return kept.isEmpty ? nil : SourceCondition(clauses: kept)
    }
}

/// A top-level function with its file, for a migration block that names it.
struct DeclaredFunction {
    var function: FunctionDeclaration
    var file: String
    var source: Lexer
}
