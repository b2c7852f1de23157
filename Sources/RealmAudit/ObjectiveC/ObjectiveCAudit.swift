import ObjectiveCSourceSyntax

/// The Objective-C half of the audit: every `.h`, `.m` and `.mm` file read together (the model classes and the
/// app's classes of all of them, the headers each imports), then each file that sees Realm scanned.
struct ObjectiveCAudit: Sendable {
    /// One file's result.
    struct FileResult: Sendable {
        /// Whether the file sees Realm (imports it, or a header that does).
        var seesRealm: Bool
        /// Whether it imports Realm itself.
        var importsRealm: Bool
        var findings: [RealmAuditFinding]
        var diagnostics: [RealmAuditDiagnostic]
    }

    private let paths: [String]
    private let texts: [String]
    private let lexed: [ObjectiveCLexer]
    private let declarations: [ObjectiveCFile]
    private let context: ObjectiveCRealmScanner.Context
    private let visible: [Bool]
    /// File name → the files of that name.
    private let byFileName: [String: [Int]]

    /// Reads the files (`paths` relative to their audited folders, `texts` parallel).
    init(paths: [String], texts: [String]) {
        self.paths = paths
        self.texts = texts
        lexed = texts.map(ObjectiveCLexer.tokenize)
        // A file without `@interface` declares no class: the declaration reader is spared it.
        declarations = texts.map { $0.contains("@interface") ? ObjectiveCDeclarationReader.read($0) : ObjectiveCFile() }
        let models = ObjectiveCModelFindings.models(in: declarations)
        let classes = Set(declarations.flatMap { $0.interfaces.map(\.name) }).subtracting(models)
        visible = ObjectiveCRealmReach.visible(paths: paths, tokens: lexed.map(\.tokens))
        var methodReturns = ObjectiveCDeclaredTypes()
        for index in lexed.indices where visible[index] {
            methodReturns.merge(ObjectiveCDeclaredTypes.methodReturns(tokens: lexed[index].tokens, models: models))
        }
        context = ObjectiveCRealmScanner.Context(models: models, appClasses: classes, methodReturns: methodReturns)
        byFileName = Dictionary(grouping: paths.indices) { ObjectiveCRealmReach.fileName(paths[$0]) }
    }

    /// How many files there are.
    var count: Int { paths.count }

    /// Scans file `index` (nothing when it does not see Realm).
    func scan(_ index: Int) -> FileResult {
        let tokens = lexed[index].tokens
        guard visible[index] else {
            return FileResult(seesRealm: false, importsRealm: false, findings: [], diagnostics: [])
        }
        // Names typed by the file's own declarations and by those of the headers it imports (its class's
        // properties declared in its header).
        var declared = ObjectiveCDeclaredTypes(tokens: tokens, models: context.models)
        let imported = Set(ObjectiveCRealmReach.importedHeaders(tokens))
        for other in imported.flatMap({ byFileName[$0] ?? [] }) where other != index {
            declared.merge(ObjectiveCDeclaredTypes(tokens: lexed[other].tokens, models: context.models))
        }
        var scanner = ObjectiveCRealmScanner(
            path: paths[index], text: texts[index], tokens: tokens, context: context, declared: declared)
        let models = ObjectiveCModelFindings.findings(
            of: declarations[index], models: context.models, tokens: tokens, scanner: scanner)
        scanner.modelPropertyLines = Set(models.map(\.line))
        scanner.scan()
        let diagnostics = lexed[index].problems.map {
            RealmAuditDiagnostic(file: paths[index], line: $0.line, message: $0.message)
        }
        return FileResult(
            seesRealm: true, importsRealm: ObjectiveCRealmReach.importsRealm(tokens),
            findings: models + scanner.findings, diagnostics: diagnostics)
    }
}
