import RealmThreadingConversion
import SwiftSourceSyntax

/// What scanning one file found.
struct FileScan: Sendable {
    /// Whether the file imports `RealmSwift` or `Realm`, or sees it through its module's re-export (only such files
    /// have findings).
    var importsRealm: Bool
    /// Findings of the file, model classes whose superclass is still to resolve excluded.
    var findings: [RealmAuditFinding]
    /// Classes inheriting a class that may be a model (of this file or another), with their findings.
    var subclassCandidates: [ModelCandidate]
    /// Names of the file's direct model classes.
    var modelClasses: [String]
    var diagnostics: [RealmAuditDiagnostic]
    /// The actor drafts of the file's background Realm types (filled after the scan, when models are known).
    var actorDrafts: [ModelActorDraft] = []
}

/// Finds the uses of Realm in one Swift file, from its tokens and declarations.
enum RealmSourceScanner {
    /// Scans `text`, the file at `path` (relative to its audited folder). Never fails: what cannot be read becomes
    /// a diagnostic with its line, and the rest is scanned.
    /// `seesRealm`: the file's module (or one it imports) re-exports Realm (`@_exported import RealmSwift`), so the
    /// file uses Realm without importing it.
    static func scan(path: String, text: String, seesRealm: Bool = false) -> FileScan {
        let lexer = Lexer.tokenize(text)
        guard seesRealm || importsRealm(lexer.tokens) else {
            return FileScan(
                importsRealm: false, findings: [], subclassCandidates: [], modelClasses: [], diagnostics: [])
        }
        var parser = DeclarationParser(lexer: lexer)
        let declarations = parser.parseFile()
        let navigator = TokenNavigator(tokens: lexer.tokens)
        let context = ScanContext(
            path: path, lexer: lexer, navigator: navigator, types: ModelDeclarations.types(in: declarations))
        let candidates = ModelDeclarations.candidates(in: context.types, scanner: context)
        let direct = candidates.filter { $0.superclass == nil }
        var expressions = ExpressionScanner(
            context: context,
            kinds: ReceiverKinds(navigator: navigator, modelClasses: Set(candidates.map(\.className))))
        expressions.scan()
        let diagnostics = (lexer.problems + parser.problems).map {
            RealmAuditDiagnostic(file: path, line: $0.line, message: $0.message)
        }
        return FileScan(
            importsRealm: true, findings: direct.flatMap(\.findings) + expressions.findings,
            subclassCandidates: candidates.filter { $0.superclass != nil }, modelClasses: direct.map(\.className),
            diagnostics: diagnostics)
    }

    /// Whether `text` re-exports Realm to its whole module: `@_exported import RealmSwift` (or `Realm`).
    static func reexportsRealm(_ text: String) -> Bool {
        guard text.contains("@_exported") else { return false }
        let tokens = Lexer.tokenize(text).tokens
        for (index, token) in tokens.enumerated().dropFirst(2) where token.isIdentifier("import") {
            guard tokens[index - 1].isIdentifier("_exported"), tokens[index - 2].isPunctuation("@") else { continue }
            var next = index + 1
            if next < tokens.count, tokens[next].kind == .identifier, !tokens[next].text.hasPrefix("Realm") {
                next += 1
            }
            if next < tokens.count, tokens[next].isIdentifier("RealmSwift") || tokens[next].isIdentifier("Realm") {
                return true
            }
        }
        return false
    }

    /// Whether the tokens hold `import RealmSwift`, `import Realm` or an import of one of their declarations
    /// (`import class RealmSwift.Object`), with any attributes before it (`@preconcurrency`, `@testable`).
    static func importsRealm(_ tokens: [Token]) -> Bool {
        let kinds: Set<String> = ["class", "struct", "enum", "protocol", "typealias", "func", "var", "let"]
        for (index, token) in tokens.enumerated() where token.isIdentifier("import") {
            var next = index + 1
            if next < tokens.count, kinds.contains(tokens[next].text) { next += 1 }
            if next < tokens.count, tokens[next].isIdentifier("RealmSwift") || tokens[next].isIdentifier("Realm") {
                return true
            }
        }
        return false
    }
}
