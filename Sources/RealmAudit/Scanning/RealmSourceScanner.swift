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

/// How a file can reach Realm.
enum RealmReach: Sendable {
    /// Only by importing `RealmSwift` or `Realm`.
    case byImport
    /// Through its module's (or an imported module's) `@_exported import RealmSwift`: Realm's names are visible.
    case byReexport
    /// Through values its module's declarations give it (`Current.realm()`, a closure's `realm`) when it imports
    /// no Realm: only members of such values are Realm's.
    case throughModule
}

/// Finds the uses of Realm in one Swift file, from its tokens and declarations.
enum RealmSourceScanner {
    /// Scans `text`, the file at `path` (relative to its audited folder). Never fails: what cannot be read becomes
    /// a diagnostic with its line, and the rest is scanned.
    /// - Parameters:
    ///   - reach: how the file can reach Realm besides importing it.
    ///   - module: the declarations of the file's module, which type the names the file does not declare.
    static func scan(path: String, text: String, reach: RealmReach = .byImport, module: ModuleSymbols? = nil)
        -> FileScan
    {
        let lexer = Lexer.tokenize(text)
        let realmVisible = reach == .byReexport || importsRealm(lexer.tokens)
        guard realmVisible || reach == .throughModule else {
            return FileScan(
                importsRealm: false, findings: [], subclassCandidates: [], modelClasses: [], diagnostics: [])
        }
        var parser = DeclarationParser(lexer: lexer)
        let declarations = parser.parseFile()
        let navigator = TokenNavigator(tokens: lexer.tokens)
        let context = ScanContext(
            path: path, lexer: lexer, navigator: navigator, types: ModelDeclarations.types(in: declarations))
        var candidates = ModelDeclarations.candidates(in: context.types, scanner: context)
        // Without Realm's names, `Object` is not Realm's; a subclass of another file's model still is a model.
        if !realmVisible { candidates.removeAll { $0.superclass == nil } }
        let direct = candidates.filter { $0.superclass == nil }
        let kinds = ReceiverKinds(
            navigator: navigator, modelClasses: Set(candidates.map(\.className)), realmVisible: realmVisible,
            module: module, types: context.types)
        var expressions = ExpressionScanner(context: context, kinds: kinds, realmVisible: realmVisible)
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
